import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TOrder, TOrdersAnswer } from '@cupido/shared/contracts/payments';
import { ROUTES } from '@cupido/shared/rules/routes';
import { ApiError, request } from '../../api/client';
import { useLocale } from '../locale/use-locale';
import { useSession } from '../session/use-session';
import { formatMoney } from '../premium/money';
import { ORDERS_NS, OrdersTexts } from './orders-texts';
import { Receipt } from './receipt';

export const ORDERS_QUERY_KEY = ['orders'] as const;

/** GET /api/orders.php: the member's paid orders, newest first, each with its receipt behind a disclosure. */
export default function OrdersList() {
  return (
    <OrdersTexts>
      <Orders />
    </OrdersTexts>
  );
}

function Orders() {
  const { t } = useTranslation(ORDERS_NS);
  const { user } = useSession();
  const orders = useQuery<TOrdersAnswer, ApiError>({
    queryKey: [...ORDERS_QUERY_KEY, user?.id ?? 0],
    queryFn: () => request<TOrdersAnswer>('/api/orders.php'),
    enabled: !!user,
  });
  const list = orders.data?.orders ?? [];

  return (
    <section className="mb-5" aria-labelledby="settings-orders-title" id="orders">
      <h2 id="settings-orders-title" className="h5">
        {t('title')}
      </h2>
      {orders.error && (
        <p id="orders-error" className="alert alert-danger py-2" role="alert">
          {t('error')}
        </p>
      )}
      {orders.data && list.length === 0 && (
        <p id="orders-none">
          {t('none')} <Link to={ROUTES.credits}>{t('buy')}</Link>
        </p>
      )}
      {list.length > 0 && (
        <ul id="orders-list" className="list-unstyled mb-0">
          {list.map((order) => (
            <OrderItem key={order.payment_id} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OrderItem({ order }: { order: TOrder }) {
  const { t } = useTranslation(ORDERS_NS);
  const { locale } = useLocale();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const credits = new Intl.NumberFormat(locale).format(order.credits);
  return (
    <li className="card mb-3" data-order={order.payment_id}>
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between gap-2">
          <h3 className="h6 mb-1">{t('credits', { count: order.credits, number: credits })}</h3>
          <span className="fw-semibold">{formatMoney(order.amount, order.currency, locale)}</span>
        </div>
        <dl className="orders-facts row small mb-2">
          <dt className="col-5">{t('fields.date')}</dt>
          <dd className="col-7 mb-1">
            <time dateTime={order.paid_at}>{date.format(new Date(order.paid_at))}</time>
          </dd>
          <dt className="col-5">{t('fields.invoice')}</dt>
          <dd className="col-7 mb-1 text-break">{order.invoice_number}</dd>
          <dt className="col-5">{t('fields.method')}</dt>
          <dd className="col-7 mb-1">{t(`methods.${order.method}`)}</dd>
          {order.refunded_amount > 0 && (
            <>
              <dt className="col-5">{t('fields.refunded')}</dt>
              <dd className="col-7 mb-1">{formatMoney(order.refunded_amount, order.currency, locale)}</dd>
            </>
          )}
        </dl>
        <Receipt order={order} />
      </div>
    </li>
  );
}
