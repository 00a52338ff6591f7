import { useDeferredValue, useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TLastOrderAnswer, TPackagesAnswer } from '@cupido/shared/contracts/payments';
import { routePath } from '@cupido/shared/rules/routes';
import { usePageTitle } from '../page-title/use-page-title';
import { PageFallback } from '../../ui/page-fallback';
import { shopErrorMessage, useLastOrder, usePackages, type PackagesChoice } from './shop-calls';
import { countryName, useShopFormat, useShopIso } from './shop-format';
import { DiscountNote, PackagePrice } from './package-price';
import { LoadError } from './pay-form';
import { SHOP_NS, ShopTexts } from './shop-texts';
import { checkoutLink, choiceFrom } from './shop-links';
import './shop.scss';

/** /credits: the site's packages p0 to p3 with the active discount, the payment country and a discount code (spec sections 2 and 9). */
export default function CreditsPage() {
  return (
    <ShopTexts fallback={<PageFallback />}>
      <Credits />
    </ShopTexts>
  );
}

function Credits() {
  const { t } = useTranslation(SHOP_NS);
  usePageTitle(t('packages.title'));
  const [params, setParams] = useSearchParams();
  const choice = choiceFrom(params);
  // Without the code first: a code the server refuses leaves the plain prices on screen, with its message.
  const plain = usePackages({ country: choice.country });
  const coded = usePackages(choice, !!choice.code);
  // The packages render in a transition (in slices, yielding to the browser) rather than in the
  // synchronous render their answer's arrival starts: on a phone that render was one task of
  // about 110 ms under Lighthouse's slowdown (issue 29, TBT), as on search and the profile page.
  const answer = useDeferredValue((choice.code && coded.data) || plain.data);
  const codeError = choice.code && coded.isError ? coded.error : null;
  // Links to the checkout carry a code only once the server accepted it.
  const accepted: PackagesChoice = { country: choice.country, code: coded.data ? choice.code : undefined };

  const change = (next: PackagesChoice) => {
    const search = new URLSearchParams();
    if (next.country) search.set('country', next.country);
    if (next.code) search.set('code', next.code);
    setParams(search, { replace: true });
  };

  return (
    <div className="container py-4 shop" id="credits-page">
      <h1 className="h3 mb-2">{t('packages.title')}</h1>
      <p className="text-body-secondary mb-3">{t('packages.intro')}</p>
      {plain.isPending || (plain.data && !answer) ? (
        <PageFallback />
      ) : !answer ? (
        <LoadError error={plain.error} onRetry={() => void plain.refetch()} />
      ) : (
        <>
          {answer.card_blocked && (
            <p className="alert alert-warning" id="credits-card-blocked">
              {t('packages.cardBlocked')}
            </p>
          )}
          <DiscountNote discount={answer.discount} currency={answer.currency} id="credits-discount" />
          <PackageList answer={answer} choice={accepted} />
          <div className="row g-3 mt-2">
            {answer.payment_countries.length > 1 && (
              <div className="col-12 col-md-6">
                <CountrySelect answer={answer} onChange={(country) => change({ country, code: choice.code })} />
              </div>
            )}
            <div className="col-12 col-md-6">
              <CodeForm code={choice.code} error={codeError} onApply={(code) => change({ country: choice.country, code })} />
            </div>
          </div>
          <LastOrderLink />
        </>
      )}
    </div>
  );
}

function PackageList({ answer, choice }: { answer: TPackagesAnswer; choice: PackagesChoice }) {
  const { t } = useTranslation(SHOP_NS);
  return (
    <ul
      className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3 list-unstyled mb-0"
      aria-label={t('packages.listLabel')}
      id="credits-packages"
    >
      {answer.packages.map((pkg) => (
        <li key={pkg.id} className="col">
          <article
            className={`card h-100 shop-package${pkg.popular ? ' shop-package--popular' : ''}`}
            id={`package-${pkg.id}`}
            aria-labelledby={`package-${pkg.id}-title`}
          >
            <div className="card-body d-flex flex-column">
              {pkg.popular && <p className="badge text-bg-primary align-self-start mb-2 shop-package__popular">{t('packages.popular')}</p>}
              <h2 className="h4 card-title" id={`package-${pkg.id}-title`}>
                {t('common.credits', { count: pkg.credits })}
              </h2>
              <div className="mb-3">
                <PackagePrice
                  pkg={pkg}
                  currency={answer.currency}
                  messageCredits={answer.message_credits}
                  discount={answer.discount}
                  idPrefix={`package-${pkg.id}`}
                />
              </div>
              <Link
                to={checkoutLink(pkg.id, undefined, choice)}
                id={`package-${pkg.id}-buy`}
                className={`btn ${pkg.popular ? 'btn-primary' : 'btn-outline-primary'} mt-auto`}
              >
                {t('packages.buy', { count: pkg.credits })}
              </Link>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

function CountrySelect({ answer, onChange }: { answer: TPackagesAnswer; onChange: (country: string) => void }) {
  const { t } = useTranslation(SHOP_NS);
  const iso = useShopIso();
  return (
    <>
      <label htmlFor="credits-country" className="form-label">
        {t('packages.country')}
      </label>
      <select
        id="credits-country"
        className="form-select"
        value={answer.payment_country}
        onChange={(event) => onChange(event.target.value)}
      >
        {answer.payment_countries.map((country) => (
          <option key={country} value={country}>
            {countryName(iso, country)}
          </option>
        ))}
      </select>
    </>
  );
}

/** The discount code: applied through the address (?code=), so the checkout links and a reload keep it. */
function CodeForm({
  code,
  error,
  onApply,
}: {
  code: string | undefined;
  error: Error | null;
  onApply: (code: string | undefined) => void;
}) {
  const { t } = useTranslation(SHOP_NS);
  const errorId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('code');
    const typed = typeof value === 'string' ? value.trim().toUpperCase() : '';
    onApply(typed || undefined);
  };
  return (
    <form onSubmit={submit} noValidate id="credits-code-form">
      <label htmlFor="credits-code" className="form-label">
        {t('packages.code')}
      </label>
      <div className="d-flex gap-2">
        {/* Keyed by the applied code: removing it empties the field. */}
        <input
          key={code ?? ''}
          id="credits-code"
          name="code"
          className={`form-control${error ? ' is-invalid' : ''}`}
          defaultValue={code ?? ''}
          maxLength={40}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="btn btn-outline-primary" id="credits-code-apply">
          {t('packages.codeApply')}
        </button>
      </div>
      {error && (
        <p className="invalid-feedback d-block mb-0" id={errorId} role="alert">
          {shopErrorMessage(error)}
        </p>
      )}
      {code && (
        <button type="button" className="btn btn-link px-0" id="credits-code-remove" onClick={() => onApply(undefined)}>
          {t('packages.codeRemove')}
        </button>
      )}
    </form>
  );
}

function LastOrderLink() {
  const lastOrder = useLastOrder();
  return lastOrder.data ? <LastOrder order={lastOrder.data} /> : null;
}

function LastOrder({ order }: { order: TLastOrderAnswer }) {
  const { t } = useTranslation(SHOP_NS);
  const format = useShopFormat(order.currency);
  return (
    <p className="mt-4 mb-0" id="credits-repeat">
      <Link to={routePath('credits-repeat-order')} className="btn btn-outline-secondary">
        {t('packages.repeat')}
      </Link>{' '}
      <span className="d-block d-sm-inline mt-2 mt-sm-0 small text-body-secondary">
        {t('packages.repeatText', {
          credits: t('common.credits', { count: order.credits }),
          price: format.money(order.amount),
          method: t(`methods.${order.method}`),
        })}
      </span>
    </p>
  );
}
