/**
 * The member's purchases on the members desk (issue 14): the latest payments, the open purchase
 * blocks (a card block after a chargeback, or one staff set) with Lift for 'members.manage', and
 * buttons to block card or direct debit purchases. Loaded on its own call, so the member page
 * shows even while it loads.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PURCHASE_BLOCK_KINDS, type TPurchaseBlockKind } from '@cupido/shared/contracts/finance';
import { AdminApiError } from '../api';
import { useStaffMay } from '../session';
import { PaymentsTable } from '../payments/payments-table';
import { blockPurchases, fetchMemberPayments, formatTime, liftPurchaseBlock, memberPaymentsKey } from '../payments/payment-queries';
import { PAYMENTS_NS } from '../payments/texts';

export function MemberPayments({ userId }: { userId: number }) {
  const { t } = useTranslation(PAYMENTS_NS);
  const queryClient = useQueryClient();
  const mayManage = useStaffMay('members.manage');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const data = useQuery({ queryKey: memberPaymentsKey(userId), queryFn: () => fetchMemberPayments(userId) });
  const change = useMutation({
    mutationFn: ({ action, kind }: { action: 'lift' | 'block'; kind: TPurchaseBlockKind }) =>
      action === 'lift' ? liftPurchaseBlock(userId, kind) : blockPurchases(userId, kind),
    onSuccess: (_answer, { action }) => {
      setMessage({ ok: true, text: action === 'lift' ? t('member.lifted') : t('member.blocked') });
      void queryClient.invalidateQueries({ queryKey: memberPaymentsKey(userId) });
    },
    onError: (error) => setMessage({ ok: false, text: error instanceof AdminApiError ? error.message : t('error') }),
  });

  if (data.isPending) return <p role="status">{t('loading')}</p>;
  if (data.isError) return <p role="alert">{data.error instanceof AdminApiError ? data.error.message : t('error')}</p>;
  const blocked = new Set(data.data.open_blocks.map((b) => b.kind));

  return (
    <>
      <h3 className="h6">{t('member.blocks')}</h3>
      {data.data.open_blocks.length === 0 ? (
        <p>{t('member.no_blocks')}</p>
      ) : (
        <ul className="list-unstyled">
          {data.data.open_blocks.map((block) => {
            const kind = t(`member.block_kind_${block.kind}`);
            return (
              <li key={block.id} className="d-flex flex-wrap align-items-center gap-2 mb-2">
                <span>
                  <strong>{kind}</strong> {t(`member.block_reason_${block.reason}`, { payment: block.payment_id })},{' '}
                  {t('member.since', { date: formatTime(block.created_at) })}
                </span>
                {mayManage && (
                  <button
                    type="button"
                    className="btn btn-outline-primary btn-sm"
                    aria-label={t('member.lift_label', { kind })}
                    disabled={change.isPending}
                    onClick={() => change.mutate({ action: 'lift', kind: block.kind })}
                  >
                    {t('member.lift')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {mayManage && (
        <div className="d-flex flex-wrap gap-2 mb-3">
          {PURCHASE_BLOCK_KINDS.filter((kind) => !blocked.has(kind)).map((kind) => (
            <button
              key={kind}
              type="button"
              className="btn btn-outline-danger btn-sm"
              disabled={change.isPending}
              onClick={() => change.mutate({ action: 'block', kind })}
            >
              {t(`member.block_${kind}`)}
            </button>
          ))}
        </div>
      )}
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`alert ${message.ok ? 'alert-success' : 'alert-danger'}`}>
          {message.text}
        </p>
      )}
      <h3 className="h6">{t('member.title')}</h3>
      {data.data.payments.length === 0 ? (
        <p>{t('member.none')}</p>
      ) : (
        <PaymentsTable payments={data.data.payments} caption={t('member.caption')} showMember={false} />
      )}
    </>
  );
}
