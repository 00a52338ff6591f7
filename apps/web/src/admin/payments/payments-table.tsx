/** Payments as a table (the finance list and the member page): each links to its payment page, amounts in their currency. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFinancePayment } from '@cupido/shared/contracts/finance';
import { TableScroll } from '../ui/table-scroll';
import { formatMoney } from './money';
import { formatTime } from './payment-queries';
import { PAYMENTS_NS } from './texts';

export function PaymentsTable({
  payments,
  caption,
  showMember = true,
}: {
  payments: TFinancePayment[];
  caption: string;
  showMember?: boolean;
}) {
  const { t } = useTranslation(PAYMENTS_NS);
  return (
    <TableScroll label={caption}>
      <table className="table table-sm align-middle">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.id')}</th>
            <th scope="col">{t('columns.created')}</th>
            {showMember && <th scope="col">{t('columns.member')}</th>}
            <th scope="col">{t('columns.site')}</th>
            <th scope="col">{t('columns.package')}</th>
            <th scope="col" className="text-end">
              {t('columns.amount')}
            </th>
            <th scope="col">{t('columns.method')}</th>
            <th scope="col">{t('columns.status')}</th>
            <th scope="col">{t('columns.paid_at')}</th>
            <th scope="col">{t('columns.invoice')}</th>
            <th scope="col" className="text-end">
              {t('columns.refunded')}
            </th>
            <th scope="col">{t('columns.charged_back')}</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((p) => (
            <tr key={p.id}>
              <th scope="row" className="fw-normal">
                <Link to={`/admin/payments/${p.id}`} aria-label={t('list.open', { id: p.id })}>
                  {p.id}
                </Link>
              </th>
              <td className="text-nowrap">{formatTime(p.created_at)}</td>
              {showMember && (
                <td>{p.email ? <Link to={`/admin/members/${p.user_id}`}>{p.email}</Link> : t('detail.erased', { id: p.user_id })}</td>
              )}
              <td>{p.site_name}</td>
              <td>
                {p.package_id} ({p.credits})
              </td>
              <td className="text-end text-nowrap">{formatMoney(p.amount, p.currency)}</td>
              <td>{p.method}</td>
              <td>{t(`statuses.${p.status}`)}</td>
              <td className="text-nowrap">{formatTime(p.paid_at)}</td>
              <td>{p.invoice_number ?? ''}</td>
              <td className="text-end text-nowrap">{p.refunded_amount > 0 ? formatMoney(p.refunded_amount, p.currency) : ''}</td>
              <td>{p.charged_back ? t('detail.yes') : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
