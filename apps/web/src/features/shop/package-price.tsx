import { useTranslation } from 'react-i18next';
import type { TActiveDiscount, TCreditPackage } from '@cupido/shared/contracts/payments';
import { SHOP_NS } from './shop-texts';
import { useShopFormat } from './shop-format';

/**
 * A package's price: with an active discount the original struck through beside what the member
 * pays and the percentage; the real-money price of one message under it (trust.md: shown beside
 * its credit price).
 */
export function PackagePrice({
  pkg,
  currency,
  messageCredits,
  discount,
  idPrefix,
}: {
  pkg: TCreditPackage;
  currency: string;
  messageCredits: number;
  discount: TActiveDiscount | null;
  idPrefix: string;
}) {
  const { t } = useTranslation(SHOP_NS);
  const format = useShopFormat(currency);
  const discounted = pkg.discounted_amount < pkg.amount;
  // What one message really costs the member: at the discounted price while a discount runs (the
  // server's figure is the list price's), rounded up to the cent as the contract's pricePerMessage.
  const perMessage =
    discounted && messageCredits > 0 ? Math.ceil((pkg.discounted_amount * messageCredits) / pkg.credits) : pkg.price_per_message;
  return (
    <>
      <p className="shop-price mb-1" id={`${idPrefix}-price`}>
        {discounted ? (
          <>
            <del className="shop-price__was text-body-secondary me-2">
              <span className="visually-hidden">{t('packages.wasPrice')}: </span>
              {format.money(pkg.amount)}
            </del>
            <strong className="shop-price__now">
              <span className="visually-hidden">{t('packages.nowPrice')}: </span>
              {format.money(pkg.discounted_amount)}
            </strong>
            {discount && (
              <span className="badge text-bg-success ms-2 shop-price__off">
                {t('packages.off', { percent: format.percent(discount.value_percentage) })}
              </span>
            )}
          </>
        ) : (
          <strong className="shop-price__now">{format.money(pkg.amount)}</strong>
        )}
      </p>
      {messageCredits > 0 && (
        <p className="small text-body-secondary mb-1" id={`${idPrefix}-messages`}>
          {t('packages.messages', { count: pkg.messages })}
        </p>
      )}
      {perMessage !== null && (
        <p className="small mb-0" id={`${idPrefix}-per-message`}>
          {t('packages.perMessage', { count: messageCredits, price: format.money(perMessage) })}
        </p>
      )}
    </>
  );
}

/** The active discount in words: the welcome offer (time bonus) or the code the member entered. */
export function DiscountNote({ discount, currency, id }: { discount: TActiveDiscount | null; currency: string; id: string }) {
  const { t } = useTranslation(SHOP_NS);
  const format = useShopFormat(currency);
  if (!discount) return null;
  const percent = format.percent(discount.value_percentage);
  return (
    <p className="alert alert-success py-2 mb-3" id={id}>
      {discount.source === 'time_bonus'
        ? t('packages.timeBonus', { percent })
        : t('packages.codeDiscount', { code: discount.code, percent })}
    </p>
  );
}
