/**
 * The site editor's price lists (issue 29, decision 037): the four packages' prices in each further
 * currency the site sells in (a payer from a country paying in it pays these), added and removed
 * per currency. The site's own currency has no list: its prices are the packages' amounts, so it
 * is not offered here, and the server refuses one under this field.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRICE_PACKAGE_IDS, SELLING_CURRENCIES, formatMoney, type SellingCurrency } from '@cupido/shared/rules/prices';
import type { TPriceList, TPriceLists } from '@cupido/shared/contracts/site-settings';
import { FieldError } from '../../ui/form/field';
import { SelectField } from '../../ui/form/select-field';
import type { FieldBinding } from '../../ui/form/use-zod-form';
import { NumberField } from './site-fields';

/**
 * Every path of a price list's amount, for the form's ids (a failed save focuses the first problem);
 * the list as a whole last, since a price's error also makes its parent path look refused.
 */
export const PRICE_LIST_FIELD_PATHS = [
  ...SELLING_CURRENCIES.flatMap((code) => PRICE_PACKAGE_IDS.map((id) => `price_lists.${code}.${id}`)),
  'price_lists',
];

/** A new list starts empty: staff type each price, none is guessed from an exchange rate. */
const EMPTY_LIST = Object.fromEntries(PRICE_PACKAGE_IDS.map((id) => [id, Number.NaN])) as TPriceList;

export function PriceListsField({
  id,
  bind,
  siteCurrency,
}: {
  id: (path: string) => string;
  bind: (path: string) => never;
  siteCurrency: string;
}) {
  const { t } = useTranslation('sites');
  const field = bind('price_lists') as FieldBinding<TPriceLists | undefined>;
  const lists = field.value ?? {};
  const listed = SELLING_CURRENCIES.filter((code) => lists[code]);
  const addable = SELLING_CURRENCIES.filter((code) => code !== siteCurrency && !lists[code]);
  const [toAdd, setToAdd] = useState<string>('');
  const chosen = addable.includes(toAdd as SellingCurrency) ? toAdd : (addable[0] ?? '');

  const add = () => {
    if (!chosen) return;
    field.onChange({ ...lists, [chosen]: { ...EMPTY_LIST } });
    // The first price of the new list is where staff type next.
    requestAnimationFrame(() => document.getElementById(id(`price_lists.${chosen}.p0`))?.focus());
  };
  const remove = (code: SellingCurrency) => {
    const { [code]: _removed, ...rest } = lists;
    field.onChange(rest);
    requestAnimationFrame(() => document.getElementById(`${id('price_lists')}-add`)?.focus());
  };
  const price = (amount: number | undefined, code: string) => (Number.isFinite(amount) ? formatMoney('en-GB', amount as number, code) : '');

  return (
    <fieldset className="mb-3" aria-describedby={`${id('price_lists')}-help${field.error ? ` ${id('price_lists')}-error` : ''}`}>
      <legend className="form-label fs-6">{t('fields.price_lists')}</legend>
      <p id={`${id('price_lists')}-help`} className="form-text mt-0">
        {t('fields.price_lists_help', { currency: siteCurrency })}
      </p>
      <span id={id('price_lists')} tabIndex={-1} />
      <FieldError id={id('price_lists')} error={field.error} />
      {listed.length === 0 && <p className="text-body-secondary">{t('fields.price_lists_none')}</p>}
      {listed.map((code) => (
        <fieldset key={code} className="border rounded p-2 mb-3">
          <legend className="h6 float-none w-auto px-1 mb-1">{t('fields.price_list', { currency: code })}</legend>
          <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3">
            {PRICE_PACKAGE_IDS.map((packageId) => {
              const amount = bind(`price_lists.${code}.${packageId}`) as FieldBinding<number>;
              return (
                <div className="col" key={packageId}>
                  <NumberField
                    id={id(`price_lists.${code}.${packageId}`)}
                    label={t('fields.price_list_amount', { id: packageId, currency: code })}
                    field={amount}
                    min={1}
                    help={price(amount.value, code) ? t('fields.package_amount_help', { price: price(amount.value, code) }) : undefined}
                  />
                </div>
              );
            })}
          </div>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => remove(code)}>
            {t('fields.price_list_remove', { currency: code })}
          </button>
        </fieldset>
      ))}
      {addable.length > 0 && (
        <div className="d-flex flex-wrap align-items-end gap-2">
          <SelectField
            id={`${id('price_lists')}-add`}
            label={t('fields.price_list_add_currency')}
            value={chosen}
            options={addable.map((code) => ({ value: code, label: code }))}
            onChange={setToAdd}
            className="mb-0"
          />
          <button type="button" className="btn btn-outline-primary" onClick={add}>
            {t('fields.price_list_add', { currency: chosen })}
          </button>
        </div>
      )}
    </fieldset>
  );
}
