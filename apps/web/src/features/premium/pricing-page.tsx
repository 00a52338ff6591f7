import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@cupido/shared/rules/routes';
import type { TPackagesAnswer } from '@cupido/shared/contracts/payments';
import { usePageTitle } from '../page-title/use-page-title';
import { useLocale } from '../locale/use-locale';
import { useSession } from '../session/use-session';
import { useSettings } from '../site/use-settings';
import { PREMIUM_NS, PremiumTexts } from './premium-texts';
import { JoinLinks } from './join-links';
import { usePricingPackages } from './premium-calls';
import { formatMoney } from './money';
import { FictionalBadge } from '../navigation/fictional-badge';

/**
 * /pricing (footer link): what credits cost on this site, for visitors too (issue 29: prices
 * before signup). The packages with the price in the payer's currency, the price of one message at
 * that package (trust.md) and a member's active discount, with the fictional-profile disclosure
 * beside them; visitors also get a way to join.
 */
export default function PricingPage() {
  return (
    <PremiumTexts>
      <Pricing />
    </PremiumTexts>
  );
}

function Pricing() {
  const { t } = useTranslation(PREMIUM_NS);
  const { t: tCommon } = useTranslation();
  usePageTitle(t('pricing.title'));
  const { user } = useSession();
  const settings = useSettings();
  const packages = usePricingPackages();

  return (
    <div className="container py-4 pricing-page">
      <h1 className="h3 mb-3">{t('pricing.title')}</h1>
      <p>{t('pricing.intro')}</p>
      {settings.message_credits > 0 && <p id="pricing-message-credits">{t('pricing.messageCost', { count: settings.message_credits })}</p>}
      <p>{t('premium.lifetime')}</p>

      {!user && (
        <div id="pricing-join" className="card card-body mb-3">
          <p>{t('pricing.visitor')}</p>
          <div className="d-flex flex-wrap gap-2">
            <JoinLinks from={ROUTES.pricing} />
          </div>
        </div>
      )}
      <p id="pricing-disclosure" className="alert alert-info">
        <FictionalBadge plural />{' '}
        {settings.fictional_warning ||
          tCommon('disclaimers.fictional', { icon: settings.fictional_icon, fictionalPlural: settings.fictional_plural })}
      </p>
      {packages.isPending && (
        <p role="status" className="text-body-secondary">
          {t('common.loading')}
        </p>
      )}
      {packages.isError && (
        <p id="pricing-error" className="alert alert-danger" role="alert">
          {t('pricing.error')}
        </p>
      )}
      {packages.data && <PackagesTable answer={packages.data} />}

      <div className="d-flex flex-wrap gap-2 mt-3">
        {user && (
          <Link id="pricing-buy" to={ROUTES.credits} className="btn btn-primary">
            {t('common.buyCredits')}
          </Link>
        )}
        <Link id="pricing-premium" to={ROUTES.premium} className="btn btn-outline-primary">
          {t('common.aboutPremium')}
        </Link>
      </div>
    </div>
  );
}

function PackagesTable({ answer }: { answer: TPackagesAnswer }) {
  const { t } = useTranslation(PREMIUM_NS);
  const { locale } = useLocale();
  const money = (amount: number) => formatMoney(amount, answer.currency, locale);
  const number = new Intl.NumberFormat(locale);
  return (
    <>
      {answer.discount && (
        <p id="pricing-discount" className="alert alert-warning">
          {t('pricing.discount', { percent: answer.discount.value_percentage })}
        </p>
      )}
      <div className="table-responsive">
        <table id="pricing-table" className="table align-middle">
          <caption className="caption-top">{t('pricing.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pricing.columns.credits')}</th>
              <th scope="col" className="text-end">
                {t('pricing.columns.price')}
              </th>
              <th scope="col" className="text-end">
                {t('pricing.columns.perMessage')}
              </th>
            </tr>
          </thead>
          <tbody>
            {answer.packages.map((pkg) => {
              const discounted = pkg.discounted_amount < pkg.amount;
              // What one message really costs: at the discounted price while a discount runs (the
              // server's figure is the list price's; the shop's /credits shows the same), rounded up.
              const perMessage =
                discounted && answer.message_credits > 0
                  ? Math.ceil((pkg.discounted_amount * answer.message_credits) / pkg.credits)
                  : pkg.price_per_message;
              return (
                <tr key={pkg.id} data-package={pkg.id} className={pkg.popular ? 'table-active' : undefined}>
                  <th scope="row">
                    {t('pricing.credits', { count: pkg.credits, number: number.format(pkg.credits) })}
                    {pkg.popular && <span className="badge text-bg-primary ms-2">{t('pricing.popular')}</span>}
                    {answer.message_credits > 0 && (
                      <div className="small fw-normal text-body-secondary">
                        {t('pricing.messages', { count: pkg.messages, number: number.format(pkg.messages) })}
                      </div>
                    )}
                  </th>
                  <td className="text-end text-nowrap">
                    {discounted && (
                      <del className="d-block small text-body-secondary">
                        <span className="visually-hidden">{t('pricing.listPrice')} </span>
                        {money(pkg.amount)}
                      </del>
                    )}
                    <span className="fw-semibold">{money(pkg.discounted_amount)}</span>
                  </td>
                  <td className="text-end text-nowrap">{perMessage === null ? t('pricing.free') : money(perMessage)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="small text-body-secondary">{t('pricing.vatIncluded')}</p>
    </>
  );
}
