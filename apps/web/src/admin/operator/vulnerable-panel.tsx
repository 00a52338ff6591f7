/** The vulnerable flag (signals found in the member's messages, or a staff mark), the site's spending reminder, and the mark / unmark toggle. */
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOperatorConversation } from '@cupido/shared/contracts/operator-console';
import { AdminApiError } from '../api';
import { conversationKey, setVulnerable } from './operator-calls';

export function VulnerablePanel({ conversation, editable }: { conversation: TOperatorConversation; editable: boolean }) {
  const { t } = useTranslation('operator');
  const queryClient = useQueryClient();
  const { vulnerable } = conversation;
  const change = useMutation({
    mutationFn: (next: boolean) => setVulnerable(conversation.conversation_id, next),
    onSuccess: (answer) =>
      queryClient.setQueryData<TOperatorConversation>(conversationKey(conversation.conversation_id), (current) =>
        current ? { ...current, vulnerable: answer.vulnerable } : current,
      ),
  });
  return (
    <section className={`card mb-3 ${vulnerable.flagged ? 'border-danger' : ''}`} aria-labelledby="operator-vulnerable-title">
      <div className="card-body">
        <h2 id="operator-vulnerable-title" className="h6">
          {t('vulnerable.title')}
          {vulnerable.flagged && <span className="badge text-bg-danger ms-2">{t('queue.vulnerable')}</span>}
        </h2>
        <p className="small mb-1">{vulnerable.flagged ? t('vulnerable.flagged') : t('vulnerable.not_flagged')}</p>
        {vulnerable.signals.length > 0 && (
          <p className="small mb-1">
            {t('vulnerable.signals', { signals: vulnerable.signals.map((s) => t(`vulnerable.signal.${s}`)).join(', ') })}
          </p>
        )}
        {vulnerable.marked_by_staff && <p className="small mb-1">{t('vulnerable.marked_by_staff')}</p>}
        {vulnerable.flagged && (
          <figure className="alert alert-warning small py-2 my-2">
            <figcaption className="fw-semibold">{t('vulnerable.reminder')}</figcaption>
            <blockquote className="mb-0 mt-1" lang={conversation.language}>
              {conversation.spending_reminder}
            </blockquote>
          </figure>
        )}
        {editable && (
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={change.isPending}
            onClick={() => change.mutate(!vulnerable.marked_by_staff)}
          >
            {vulnerable.marked_by_staff ? t('vulnerable.unmark') : t('vulnerable.mark')}
          </button>
        )}
        <div role="status" className="small mt-1">
          {change.isSuccess && t('vulnerable.changed')}
        </div>
        {change.isError && (
          <p role="alert" className="alert alert-danger py-2 mt-2 mb-0">
            {change.error instanceof AdminApiError ? change.error.message : t('error_generic', { ns: 'common' })}
          </p>
        )}
      </div>
    </section>
  );
}
