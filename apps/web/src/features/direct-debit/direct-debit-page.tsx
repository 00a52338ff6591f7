import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZPackageId, ZPaymentCountry, type TCreditPackage, type TPackagesAnswer } from '@cupido/shared/contracts/payments';
import { ROUTES } from '@cupido/shared/rules/routes';
import { usePageTitle } from '../page-title/use-page-title';
import { useLocale } from '../locale/use-locale';
import { formatMoney } from '../premium/money';
import { DIRECT_DEBIT_NS, DirectDebitTexts } from './direct-debit-texts';
import { useDirectDebitPackages } from './direct-debit-calls';
import { DirectDebitForm } from './direct-debit-form';
import { newIdempotencyKey } from './direct-debit-rules';
import './direct-debit.scss';

/**
 * /directdebit?package=p1 (spec sections 3 and 4): pay a package by SEPA direct debit,
 * confirmed with a code sent by SMS. `country` and `code` in the address (from the checkout)
 * choose the payment country and a discount code; without them the server's defaults apply.
 */
export default function DirectDebitPage() {
  return (
    <DirectDebitTexts>
      <DirectDebit />
    </DirectDebitTexts>
  );
}

function DirectDebit() {
  const { t } = useTranslation(DIRECT_DEBIT_NS);
  usePageTitle(t('page.title'));
  const { locale } = useLocale();
  const [params] = useSearchParams();
  const packageId = ZPackageId.safeParse(params.get('package'));
  const country = ZPaymentCountry.safeParse(params.get('country') ?? undefined);
  const discountCode = params.get('code')?.trim() || undefined;
  const packages = useDirectDebitPackages({ country: country.success ? country.data : undefined, code: discountCode });
  // One key for this visit of the form: a double tap, a retry or a resend never starts a second payment.
  const [idempotencyKey] = useState(newIdempotencyKey);

  const pkg = packageId.success ? packages.data?.packages.find((p) => p.id === packageId.data) : undefined;
  let body;
  if (!packageId.success) body = <Problem id="dd-no-package" text={t('page.noPackage')} />;
  else if (packages.isPending) body = <p role="status">{t('page.loading')}</p>;
  else if (packages.isError) body = <Problem id="dd-load-error" text={packages.error.message} />;
  else if (!pkg) body = <Problem id="dd-no-package" text={t('page.noPackage')} />;
  else if (!packages.data.methods.includes('sdd')) body = <Problem id="dd-unavailable" text={t('page.unavailable')} />;
  else
    body = (
      <>
        <Summary answer={packages.data} pkg={pkg} />
        <DirectDebitForm
          session={{ packageId: pkg.id, country: packages.data.payment_country, discountCode, idempotencyKey }}
          amountText={formatMoney(pkg.discounted_amount, packages.data.currency, locale)}
        />
      </>
    );

  return (
    <div className="container py-4 direct-debit-page">
      <h1 className="h3 mb-3">{t('page.title')}</h1>
      {body}
    </div>
  );
}

function Problem({ id, text }: { id: string; text: string }) {
  const { t } = useTranslation(DIRECT_DEBIT_NS);
  return (
    <>
      <p id={id} className="alert alert-warning" role="alert">
        {text}
      </p>
      <Link to={ROUTES.credits} className="btn btn-outline-primary">
        {t('page.backToCredits')}
      </Link>
    </>
  );
}

/** The package, its price (the discount shown apart) and where to choose another. */
function Summary({ answer, pkg }: { answer: TPackagesAnswer; pkg: TCreditPackage }) {
  const { t } = useTranslation(DIRECT_DEBIT_NS);
  const { locale } = useLocale();
  const money = (amount: number) => formatMoney(amount, answer.currency, locale);
  const discounted = pkg.discounted_amount < pkg.amount;
  return (
    <section id="dd-summary" className="card card-body mb-4 dd-summary" aria-labelledby="dd-summary-title">
      <h2 id="dd-summary-title" className="h6 mb-1">
        {t('summary.title')}
      </h2>
      <p className="mb-1 fs-5 fw-semibold">
        {t('summary.credits', { count: pkg.credits, number: new Intl.NumberFormat(locale).format(pkg.credits) })}
        {' · '}
        {discounted && (
          <del className="me-1 small text-body-secondary">
            <span className="visually-hidden">{t('summary.listPrice')} </span>
            {money(pkg.amount)}
          </del>
        )}
        <span id="dd-amount">{money(pkg.discounted_amount)}</span>
      </p>
      {answer.discount && discounted && (
        <p className="mb-1 small">{t('summary.discount', { percent: answer.discount.value_percentage })}</p>
      )}
      <p className="mb-0 small text-body-secondary">{t('summary.premium')}</p>
      <Link to={ROUTES.credits} className="small mt-1">
        {t('summary.change')}
      </Link>
    </section>
  );
}
