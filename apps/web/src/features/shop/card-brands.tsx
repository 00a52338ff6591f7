import type { ReactElement } from 'react';
import type { TPaymentMethod } from '@cupido/shared/rules/payments';

/**
 * The card brands' marks as small inline SVGs that ship with the app (issue 29: card methods show
 * their logos): simplified marks drawn here, no downloaded artwork, no icon font. Decorative: the
 * choice's label names the brands in words.
 */
const MARKS: Partial<Record<TPaymentMethod, { name: string; mark: ReactElement }>> = {
  visa: {
    name: 'Visa',
    mark: (
      <>
        <rect width="38" height="24" rx="3" fill="#fff" stroke="#d0d5dd" />
        <text
          x="19"
          y="16.5"
          textAnchor="middle"
          fontFamily="Arial, Helvetica, sans-serif"
          fontSize="11"
          fontStyle="italic"
          fontWeight="700"
          fill="#1a1f71"
        >
          VISA
        </text>
      </>
    ),
  },
  mastercard: {
    name: 'Mastercard',
    mark: (
      <>
        <rect width="38" height="24" rx="3" fill="#fff" stroke="#d0d5dd" />
        <circle cx="15" cy="12" r="7" fill="#eb001b" />
        <circle cx="23" cy="12" r="7" fill="#f79e1b" />
        <path d="M19 6.5a7 7 0 0 1 0 11 7 7 0 0 1 0-11z" fill="#ff5f00" />
      </>
    ),
  },
  maestro: {
    name: 'Maestro',
    mark: (
      <>
        <rect width="38" height="24" rx="3" fill="#fff" stroke="#d0d5dd" />
        <circle cx="15" cy="12" r="7" fill="#0099df" />
        <circle cx="23" cy="12" r="7" fill="#eb001b" />
        <path d="M19 6.5a7 7 0 0 1 0 11 7 7 0 0 1 0-11z" fill="#6c6bbd" />
      </>
    ),
  },
  cartebancaire: {
    name: 'Carte Bancaire',
    mark: (
      <>
        <rect width="38" height="24" rx="3" fill="#fff" stroke="#d0d5dd" />
        <rect x="5" y="5" width="28" height="14" rx="2" fill="#005a9c" />
        <text x="19" y="15.5" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize="9" fontWeight="700" fill="#fff">
          CB
        </text>
      </>
    ),
  },
  nexi: {
    name: 'Nexi',
    mark: (
      <>
        <rect width="38" height="24" rx="3" fill="#fff" stroke="#d0d5dd" />
        <text x="19" y="16" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize="10" fontWeight="700" fill="#2d32aa">
          nexi
        </text>
      </>
    ),
  },
};

/** The card brands a site's card choice takes (creditcard itself has no mark: it is the choice). */
export const CARD_BRANDS: readonly TPaymentMethod[] = ['visa', 'mastercard', 'maestro', 'cartebancaire', 'nexi'];

/** The card methods offered as one "Card" choice; Apple Pay is a wallet and stays its own choice. */
export const ONE_CARD_CHOICE: readonly TPaymentMethod[] = ['creditcard', ...CARD_BRANDS];

/** The brands' names, for the choice's words ("Visa, Mastercard, Maestro"). */
export const brandName = (method: TPaymentMethod): string => MARKS[method]?.name ?? method;

export function CardBrandLogos({ brands }: { brands: readonly TPaymentMethod[] }) {
  return (
    <span className="shop-card-brands d-inline-flex flex-wrap gap-1" aria-hidden="true">
      {brands.map((brand) => {
        const mark = MARKS[brand];
        return mark ? (
          <svg
            key={brand}
            className="shop-card-brand"
            data-brand={brand}
            width="38"
            height="24"
            viewBox="0 0 38 24"
            focusable="false"
            role="presentation"
          >
            {mark.mark}
          </svg>
        ) : null;
      })}
    </span>
  );
}
