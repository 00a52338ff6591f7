import { useTranslation } from 'react-i18next';
import type { TOrder } from '@cupido/shared/contracts/payments';
import { useLocale } from '../locale/use-locale';
import { formatMoney } from '../premium/money';
import { ORDERS_NS } from './orders-texts';

/**
 * The receipt of one order behind a native disclosure (keyboard and screen readers know it): the
 * seller's company details, the price without VAT, the VAT rate and amount apart, the total, and
 * when the member agreed that delivery starts at once (trust.md: confirmed in the receipt).
 */
export function Receipt({ order }: { order: TOrder }) {
  const { t } = useTranslation(ORDERS_NS);
  const { locale } = useLocale();
  const money = (amount: number) => formatMoney(amount, order.currency, locale);
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(order.vat_rate_bp / 10_000);
  const countries = new Intl.DisplayNames([locale], { type: 'region' });
  const country = (code: string) => (code ? (countries.of(code) ?? code) : '');
  const seller = order.seller;

  return (
    <details className="orders-receipt" id={`receipt-${order.payment_id}`}>
      <summary className="btn btn-link btn-sm px-0">{t('receipt.toggle')}</summary>
      <div className="border rounded p-2 mt-2 small">
        <p className="mb-2">
          <strong>{seller.name}</strong>
          <br />
          {seller.address}
          <br />
          {seller.city}
          {seller.country && `, ${country(seller.country)}`}
          {seller.kvk && (
            <>
              <br />
              {t('receipt.kvk', { number: seller.kvk })}
            </>
          )}
          {seller.vat_numbers.length > 0 && (
            <>
              <br />
              {t('receipt.vatNumbers', { numbers: seller.vat_numbers.join(', ') })}
            </>
          )}
        </p>
        <p className="mb-2">
          {t('receipt.invoice', { number: order.invoice_number })}
          <br />
          {t('receipt.date', { date: dateTime.format(new Date(order.paid_at)) })}
        </p>
        <p className="mb-1 fw-semibold">
          {t('receipt.item', { count: order.credits, number: new Intl.NumberFormat(locale).format(order.credits) })}
          {order.discount_percentage > 0 && (
            <span className="d-block fw-normal text-body-secondary">{t('receipt.discount', { percent: order.discount_percentage })}</span>
          )}
        </p>
        <table className="table table-sm mb-2 orders-receipt-lines">
          <caption className="visually-hidden">{t('receipt.caption', { number: order.invoice_number })}</caption>
          <tbody>
            <tr data-line="net">
              <th scope="row" className="fw-normal">
                {t('receipt.net')}
              </th>
              <td className="text-end text-nowrap">{money(order.net_amount)}</td>
            </tr>
            <tr data-line="vat">
              <th scope="row" className="fw-normal">
                {order.vat_rate_bp > 0 ? t('receipt.vat', { rate, country: country(order.vat_country) }) : t('receipt.noVat')}
              </th>
              <td className="text-end text-nowrap">{money(order.vat_amount)}</td>
            </tr>
            <tr data-line="total">
              <th scope="row">{t('receipt.total')}</th>
              <td className="text-end text-nowrap fw-semibold">{money(order.amount)}</td>
            </tr>
            {order.refunded_amount > 0 && (
              <tr data-line="refunded">
                <th scope="row" className="fw-normal">
                  {t('receipt.refunded')}
                </th>
                <td className="text-end text-nowrap">−{money(order.refunded_amount)}</td>
              </tr>
            )}
          </tbody>
        </table>
        <p className="mb-1">{t('receipt.method', { method: t(`methods.${order.method}`) })}</p>
        <p className="mb-0" data-line="withdrawal">
          {t('receipt.withdrawal', { date: dateTime.format(new Date(order.withdrawal_consent_at)) })}
        </p>
      </div>
    </details>
  );
}
