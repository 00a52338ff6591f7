/**
 * One payment for finance (issue 14, 'payments.manage'): its facts, its refunds and chargeback
 * with the credits taken back and already spent, and the refund form (amount typed in the
 * currency's units, a reason, a confirmation). The form makes a fresh idempotency key each time it
 * opens and after each refund, so a double click or a retry after a timeout refunds once.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TPaymentDetail, TRefundAnswer } from '@cupido/shared/contracts/finance';
import { AdminApiError } from '../api';
import { TableScroll } from '../ui/table-scroll';
import { formatMoney, minorDigits, parseMoney, unitsOf } from './money';
import { fetchPayment, formatTime, paymentKey, refundPayment } from './payment-queries';
import { PAYMENTS_NS } from './texts';

const newKey = () => crypto.randomUUID();

function RefundForm({ detail, onDone }: { detail: TPaymentDetail; onDone: (answer: TRefundAnswer | null) => void }) {
  const { t } = useTranslation(PAYMENTS_NS);
  const queryClient = useQueryClient();
  const { payment, refundable } = detail;
  const [key, setKey] = useState(newKey);
  const [amount, setAmount] = useState(() => unitsOf(refundable, payment.currency));
  const [reason, setReason] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [problem, setProblem] = useState<{ field: 'amount' | 'reason' | 'confirm' | 'form'; message: string } | null>(null);
  const max = formatMoney(refundable, payment.currency);
  const minor = parseMoney(amount, payment.currency);
  const refund = useMutation({
    mutationFn: (body: { amount: number; reason: string }) => refundPayment(payment.id, { ...body, idempotency_key: key }),
    onSuccess: (answer) => {
      onDone(answer);
      setKey(newKey());
      void queryClient.invalidateQueries({ queryKey: paymentKey(payment.id) });
    },
    onError: (error) => {
      const field = error instanceof AdminApiError && error.field === 'amount' ? 'amount' : 'form';
      setProblem({ field, message: error instanceof AdminApiError ? error.message : t('error') });
    },
  });

  if (refundable <= 0) return <p>{t('refund.not_refundable')}</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDone(null);
    if (minor === null || minor < 1 || minor > refundable) {
      setProblem({
        field: 'amount',
        message: t('refund.amount_invalid', { example: unitsOf(Math.min(refundable, 995), payment.currency), max }),
      });
      document.getElementById('refund-amount')?.focus();
      return;
    }
    if (!reason.trim()) {
      setProblem({ field: 'reason', message: t('refund.reason_required') });
      document.getElementById('refund-reason')?.focus();
      return;
    }
    if (!confirmed) {
      setProblem({ field: 'confirm', message: t('refund.confirm_required') });
      document.getElementById('refund-confirm')?.focus();
      return;
    }
    setProblem(null);
    refund.mutate({ amount: minor, reason: reason.trim() });
  };
  const errorFor = (field: 'amount' | 'reason' | 'confirm') =>
    problem?.field === field ? (
      <div id={`refund-${field}-error`} className="invalid-feedback d-block">
        {problem.message}
      </div>
    ) : null;
  const describedBy = (field: 'amount' | 'reason' | 'confirm', extra?: string) =>
    [extra, problem?.field === field ? `refund-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form noValidate onSubmit={submit} aria-labelledby="refund-title" className="card mb-3">
      <div className="card-body">
        <h2 id="refund-title" className="h5">
          {t('refund.title')}
        </h2>
        <div className="mb-3">
          <label className="form-label" htmlFor="refund-amount">
            {t('refund.amount', { currency: payment.currency })}
          </label>
          <input
            id="refund-amount"
            className={`form-control${problem?.field === 'amount' ? ' is-invalid' : ''}`}
            inputMode={minorDigits(payment.currency) > 0 ? 'decimal' : 'numeric'}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={problem?.field === 'amount' || undefined}
            aria-describedby={describedBy('amount', 'refund-amount-help')}
          />
          <div id="refund-amount-help" className="form-text">
            {t('refund.amount_help', { max })}
          </div>
          {errorFor('amount')}
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor="refund-reason">
            {t('refund.reason')}
          </label>
          <textarea
            id="refund-reason"
            className={`form-control${problem?.field === 'reason' ? ' is-invalid' : ''}`}
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={problem?.field === 'reason' || undefined}
            aria-describedby={describedBy('reason')}
          />
          {errorFor('reason')}
        </div>
        <div className="form-check mb-3">
          <input
            id="refund-confirm"
            type="checkbox"
            className={`form-check-input${problem?.field === 'confirm' ? ' is-invalid' : ''}`}
            checked={confirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
            aria-describedby={describedBy('confirm')}
          />
          <label className="form-check-label" htmlFor="refund-confirm">
            {t('refund.confirm', { amount: minor !== null ? formatMoney(minor, payment.currency) : amount })}
          </label>
          {errorFor('confirm')}
        </div>
        {problem?.field === 'form' && (
          <p role="alert" className="alert alert-danger">
            {problem.message}
          </p>
        )}
        <button type="submit" className="btn btn-danger" disabled={refund.isPending}>
          {t('refund.submit')}
        </button>
      </div>
    </form>
  );
}

function History({ detail }: { detail: TPaymentDetail }) {
  const { t } = useTranslation(PAYMENTS_NS);
  const { currency } = detail.payment;
  if (detail.refunds.length === 0) return <p>{t('detail.history_empty')}</p>;
  return (
    <TableScroll label={t('detail.history')}>
      <table className="table table-sm align-middle">
        <caption className="visually-hidden">{t('detail.history')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('detail.when')}</th>
            <th scope="col">{t('detail.kind')}</th>
            <th scope="col" className="text-end">
              {t('detail.refund_amount')}
            </th>
            <th scope="col" className="text-end">
              {t('detail.credits_taken')}
            </th>
            <th scope="col" className="text-end">
              {t('detail.credits_spent')}
            </th>
            <th scope="col">{t('detail.reason')}</th>
            <th scope="col">{t('detail.confirmation')}</th>
          </tr>
        </thead>
        <tbody>
          {detail.refunds.map((r) => (
            <tr key={r.id}>
              <th scope="row" className="fw-normal text-nowrap">
                {formatTime(r.created_at)}
              </th>
              <td>{t(`detail.kind_${r.kind}`)}</td>
              <td className="text-end text-nowrap">{formatMoney(r.amount, currency)}</td>
              <td className="text-end">{r.credits_taken}</td>
              <td className="text-end">{r.credits_spent}</td>
              <td>{r.reason}</td>
              <td>{r.kind === 'chargeback' ? '' : (r.provider_refund_id ?? t('detail.not_confirmed'))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export function Component() {
  const { t } = useTranslation(PAYMENTS_NS);
  const id = Number(useParams().id);
  const query = useQuery({ queryKey: paymentKey(id), queryFn: () => fetchPayment(id), enabled: Number.isInteger(id) && id > 0 });
  const detail = query.data;
  const p = detail?.payment;
  const [done, setDone] = useState<TRefundAnswer | null>(null);
  const fact = (label: string, value: ReactNode) => (
    <>
      <dt className="col-sm-4 col-lg-3">{label}</dt>
      <dd className="col-sm-8 col-lg-9">{value}</dd>
    </>
  );
  return (
    <>
      <p>
        <Link to="/admin/payments">{t('detail.back')}</Link>
      </p>
      <h1 className="h4">{t('detail.title', { id })}</h1>
      {query.isPending && <p role="status">{t('loading')}</p>}
      {query.isError && (
        <p role="alert" className="alert alert-danger">
          {query.error instanceof AdminApiError ? query.error.message : t('error')}
        </p>
      )}
      {detail && p && (
        <>
          <section className="card mb-3" aria-labelledby="payment-facts">
            <div className="card-body">
              <h2 id="payment-facts" className="h5">
                {t('detail.facts')}
              </h2>
              <dl className="row mb-0">
                {fact(
                  t('detail.member'),
                  p.email ? <Link to={`/admin/members/${p.user_id}`}>{p.email}</Link> : t('detail.erased', { id: p.user_id }),
                )}
                {fact(t('detail.site'), p.site_name)}
                {fact(t('detail.package'), `${p.package_id}`)}
                {fact(t('detail.credits'), p.credits)}
                {fact(t('detail.list_amount'), formatMoney(p.list_amount, p.currency))}
                {p.discount_percentage > 0 && fact(t('detail.discount'), `${p.discount_percentage}%`)}
                {fact(t('detail.amount'), formatMoney(p.amount, p.currency))}
                {p.vat_amount !== null &&
                  fact(t('detail.vat'), `${formatMoney(p.vat_amount, p.currency)} (${(p.vat_rate_bp ?? 0) / 100}%)`)}
                {fact(t('detail.method'), p.method)}
                {fact(t('detail.country'), p.country)}
                {fact(t('detail.status'), t(`statuses.${p.status}`))}
                {fact(t('detail.created'), formatTime(p.created_at))}
                {p.paid_at && fact(t('detail.paid_at'), formatTime(p.paid_at))}
                {p.invoice_number && fact(t('detail.invoice'), p.invoice_number)}
                {fact(t('detail.provider'), `${p.provider} ${p.provider_payment_id ?? ''}`.trim())}
                {fact(t('detail.refunded'), formatMoney(p.refunded_amount, p.currency))}
              </dl>
              {p.charged_back_at && (
                <p className="text-danger mb-0 mt-2">{t('detail.charged_back', { date: formatTime(p.charged_back_at) })}</p>
              )}
              <p className="mb-0 mt-2">{t('detail.credits_summary', detail.credits)}</p>
            </div>
          </section>
          {done && (
            <p role="status" className="alert alert-success">
              {done.replayed
                ? t('refund.replayed')
                : t('refund.done', {
                    amount: formatMoney(done.refund.amount, p.currency),
                    taken: done.refund.credits_taken,
                    spent: done.refund.credits_spent,
                  })}
            </p>
          )}
          {/* A new rest after a refund: a fresh form (amount, reason, confirmation) for the next one. */}
          <RefundForm key={`${detail.refundable}`} detail={detail} onDone={setDone} />
          <section aria-labelledby="payment-history">
            <h2 id="payment-history" className="h5">
              {t('detail.history')}
            </h2>
            <History detail={detail} />
          </section>
        </>
      )}
    </>
  );
}
