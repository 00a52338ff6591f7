/**
 * The site editor's payments section (issue 14): the prices' currency, the four credit packages
 * (credits, price in the currency's minor units with the price as members see it beside it, one
 * marked popular by a radio group), the price lists of further currencies (issue 29), the payment
 * methods offered, and a member's direct debit limit.
 * The shared contract (ZCreditPackageSettings, ZPaymentMethod) checks them as the server does.
 */
import { useTranslation } from 'react-i18next';
import { PACKAGE_IDS, PAYMENT_METHODS, type TPaymentMethod } from '@cupido/shared/rules/payments';
import { type TCreditPackageSetting } from '@cupido/shared/contracts/payments';
import { SELLING_CURRENCIES } from '@cupido/shared/rules/prices';
import { FieldError } from '../../ui/form/field';
import { SelectField } from '../../ui/form/select-field';
import type { FieldBinding } from '../../ui/form/use-zod-form';
import { formatMoney } from '../payments/money';
import { CheckboxGroup, NumberField } from './site-fields';
import { PRICE_LIST_FIELD_PATHS, PriceListsField } from './price-lists-field';

export const PAYMENT_FIELD_PATHS = [
  'currency',
  ...PACKAGE_IDS.flatMap((_, i) => [`credit_packages.${i}.credits`, `credit_packages.${i}.amount`]),
  'credit_packages',
  ...PRICE_LIST_FIELD_PATHS,
  'payment_methods',
  'direct_debit_limit',
];

export function PaymentSettings({
  id,
  bind,
  packages,
  currency,
  setPopular,
}: {
  id: (path: string) => string;
  bind: (path: string) => never;
  packages: TCreditPackageSetting[];
  currency: string;
  setPopular: (index: number) => void;
}) {
  const { t } = useTranslation('sites');
  const packagesField = bind('credit_packages') as FieldBinding<TCreditPackageSetting[]>;
  const limit = bind('direct_debit_limit') as FieldBinding<number>;
  const price = (amount: number | undefined) =>
    Number.isFinite(amount) && /^[A-Z]{3}$/.test(currency) ? formatMoney(amount as number, currency) : '';
  return (
    <section className="card mb-3" aria-labelledby="sec-payments">
      <div className="card-body">
        <h2 id="sec-payments" className="h5">
          {t('sections.payments')}
        </h2>
        <SelectField
          id={id('currency')}
          label={t('fields.payment_currency')}
          help={t('fields.payment_currency_help')}
          options={SELLING_CURRENCIES.map((code) => ({ value: code, label: code }))}
          {...(bind('currency') as FieldBinding<string>)}
        />
        <fieldset className="mb-3" aria-describedby={packagesField.error ? `${id('credit_packages')}-error` : undefined}>
          <legend className="form-label fs-6">{t('fields.credit_packages')}</legend>
          <p className="form-text mt-0">{t('fields.credit_packages_help')}</p>
          <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3">
            {PACKAGE_IDS.map((packageId, i) => (
              <div className="col" key={packageId}>
                <fieldset className="border rounded p-2 h-100">
                  <legend className="h6 float-none w-auto px-1 mb-1">{t('fields.package', { id: packageId })}</legend>
                  <NumberField
                    id={id(`credit_packages.${i}.credits`)}
                    label={t('fields.package_credits', { id: packageId })}
                    field={bind(`credit_packages.${i}.credits`)}
                    min={1}
                  />
                  <NumberField
                    id={id(`credit_packages.${i}.amount`)}
                    label={t('fields.package_amount', { id: packageId })}
                    field={bind(`credit_packages.${i}.amount`)}
                    min={1}
                    help={t('fields.package_amount_help', { price: price(packages[i]?.amount) })}
                  />
                  <div className="form-check">
                    <input
                      id={`${id('credit_packages')}-popular-${packageId}`}
                      className="form-check-input"
                      type="radio"
                      name="popular-package"
                      checked={!!packages[i]?.popular}
                      onChange={() => setPopular(i)}
                    />
                    <label className="form-check-label" htmlFor={`${id('credit_packages')}-popular-${packageId}`}>
                      {t('fields.package_popular', { id: packageId })}
                    </label>
                  </div>
                </fieldset>
              </div>
            ))}
          </div>
          <span id={id('credit_packages')} tabIndex={-1} />
          <FieldError id={id('credit_packages')} error={packagesField.error} />
        </fieldset>
        <PriceListsField id={id} bind={bind} siteCurrency={currency} />
        <CheckboxGroup<TPaymentMethod>
          id={id('payment_methods')}
          legend={t('fields.payment_methods')}
          options={PAYMENT_METHODS}
          field={bind('payment_methods')}
          labelOf={(method) => t(`methods.${method}`)}
        />
        <NumberField
          id={id('direct_debit_limit')}
          label={t('fields.direct_debit_limit')}
          field={limit}
          min={0}
          help={t('fields.direct_debit_limit_help', { price: price(limit.value) })}
        />
      </div>
    </section>
  );
}
