import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPaymentStatus } from '@cupido/shared/rules/payments';
import type { TTransactionAnswer } from '@cupido/shared/contracts/payments';
import { routePath } from '@cupido/shared/rules/routes';
import { usePageTitle } from '../page-title/use-page-title';
import { PageFallback } from '../../ui/page-fallback';
import { ApiError } from '../../api/client';
import { NotFoundPage } from '../errors/not-found-page';
import { SESSION_QUERY_KEY, sessionQueryOptions } from '../session/use-session';
import { LoadError } from './pay-form';
import { useTransaction } from './shop-calls';
import { useShopFormat } from './shop-format';
import { checkoutLink } from './shop-links';
import { SHOP_NS, ShopTexts } from './shop-texts';
import './shop.scss';

/** Highest payment id the server accepts (int32). */
const MAX_ID = 2_147_483_647;

/**
 * /transactions/{id}: the payment's result after the provider's checkout (spec section 4):
 * loading, pending (asked again every 2 s), completed with the new balance, failed, cancelled or
 * expired with the way to another method, and a failed recurring card payment's retry or PayPal.
 */
export default function TransactionPage() {
  return (
    <ShopTexts fallback={<PageFallback />}>
      <Transaction />
    </ShopTexts>
  );
}

function Transaction() {
  const { id } = useParams();
  const number = Number(id);
  if (!id || !/^\d+$/.test(id) || number < 1 || number > MAX_ID) return <NotFoundPage />;
  return <TransactionOf id={number} />;
}

function TransactionOf({ id }: { id: number }) {
  const { t } = useTranslation(SHOP_NS);
  usePageTitle(t('transaction.title'));
  const transaction = useTransaction(id);
  const status = transaction.data?.status;

  let result;
  if (transaction.isError) {
    result =
      transaction.error instanceof ApiError && transaction.error.status === 404 ? (
        <p className="alert alert-warning" id="transaction-not-found">
          {t('transaction.notFound')}
        </p>
      ) : (
        <LoadError error={transaction.error} onRetry={() => void transaction.refetch()} />
      );
  } else if (status === 'paid') result = <Paid payment={transaction.data!} paidAt={transaction.dataUpdatedAt} />;
  else if (status && isNotPaid(status)) result = <NotPaid payment={transaction.data!} />;

  const waiting = transaction.isPending || status === 'open' || status === 'pending';
  return (
    <div className="container py-4 shop shop-narrow" id="transaction-page">
      <h1 className="h3 mb-3">{t('transaction.title')}</h1>
      {/* One live region for the whole life of the payment: each change of status is read out. */}
      <div role="status" aria-live="polite" id="transaction-status">
        {waiting && (
          <p className="d-flex align-items-center gap-2" id="transaction-waiting">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
            {transaction.isPending ? t('transaction.loading') : t('transaction.pending')}
          </p>
        )}
        {status === 'paid' && <p className="h5 text-success-emphasis">{t('transaction.paidTitle')}</p>}
        {transaction.data && isNotPaid(transaction.data.status) && <Outcome payment={transaction.data} />}
      </div>
      {result}
    </div>
  );
}

function Paid({ payment, paidAt }: { payment: TTransactionAnswer; paidAt: number }) {
  const { t } = useTranslation(SHOP_NS);
  const format = useShopFormat(payment.currency);
  const queryClient = useQueryClient();
  // When the paid answer came: a later refetch of the payment (window focus) must not hide the balance again.
  const [since] = useState(paidAt);
  // The navigation shows Credits instead of Get Premium and the new balance once the session is
  // asked again; the balance here waits for that answer rather than showing the old one.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }, [queryClient]);
  const session = useQuery(sessionQueryOptions);
  const user = session.dataUpdatedAt > since ? session.data : null;
  return (
    <div id="transaction-paid">
      <p className="mb-1">{t('transaction.paid', { credits: t('common.credits', { count: payment.credits }) })}</p>
      <p className="small text-body-secondary" id="transaction-amount">
        {t('transaction.paidAmount', { amount: format.money(payment.amount), method: t(`methods.${payment.method}`) })}
      </p>
      {user && (
        <>
          <p className="fw-semibold" id="transaction-balance">
            {t('transaction.balance', { credits: t('common.credits', { count: user.credits }) })}
          </p>
          {user.paid_user && <p id="transaction-premium">{t('transaction.premium')}</p>}
        </>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Link to={routePath('members')} className="btn btn-primary" id="transaction-to-search">
          {t('transaction.toSearch')}
        </Link>
        <Link to={routePath('chats')} className="btn btn-outline-primary" id="transaction-to-chats">
          {t('transaction.toChats')}
        </Link>
      </div>
    </div>
  );
}

type NotPaidStatus = Extract<TPaymentStatus, 'failed' | 'cancelled' | 'expired'>;
const isNotPaid = (status: TPaymentStatus): status is NotPaidStatus =>
  status === 'failed' || status === 'cancelled' || status === 'expired';

/** The spec's "Recurring card payment failed: retry or pay with PayPal" (section 8). */
const isFailedRecurring = (payment: TTransactionAnswer) => payment.recurring && payment.status === 'failed';

function Outcome({ payment }: { payment: TTransactionAnswer }) {
  const { t } = useTranslation(SHOP_NS);
  return (
    <p className="alert alert-danger" id="transaction-outcome">
      {isFailedRecurring(payment) ? t('transaction.recurringFailed') : t(`transaction.${payment.status as NotPaidStatus}`)}{' '}
      {t('transaction.nothingCharged')}
    </p>
  );
}

function NotPaid({ payment }: { payment: TTransactionAnswer }) {
  const { t } = useTranslation(SHOP_NS);
  return (
    <div id="transaction-not-paid">
      {isFailedRecurring(payment) ? (
        <div className="d-flex flex-wrap gap-2">
          <Link to={routePath('credits-repeat-order')} className="btn btn-primary" id="transaction-retry">
            {t('transaction.retry')}
          </Link>
          <Link to={checkoutLink(payment.package_id, 'paypal')} className="btn btn-outline-primary" id="transaction-paypal">
            {t('transaction.payPal')}
          </Link>
        </div>
      ) : (
        <Link to={checkoutLink(payment.package_id, undefined)} className="btn btn-primary" id="transaction-try-another">
          {t('transaction.tryAnother')}
        </Link>
      )}
    </div>
  );
}
