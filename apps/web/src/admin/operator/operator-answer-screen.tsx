/**
 * The answer screen (/admin/operator/:id, issue 15): opening it claims the conversation (409:
 * someone else holds it, shown read-only), leaving it gives the claim back. It shows the member's
 * profile as the member made it visible, the conversation, the fictional profile with its badge and
 * notice, the shared note, the vulnerable flag with the spending reminder, and the reply box.
 * The conversation is read again every minute while open, which also renews the claim.
 * After a sent reply the server releases the claim and the operator goes back to the queue.
 */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminApiError } from '../api';
import { conversationKey, fetchConversation, OPERATOR_QUEUE_KEY } from './operator-calls';
import { useClaim } from './use-claim';
import { ProfilePanel } from './profile-panel';
import { ConversationLog } from './conversation-log';
import { NoteEditor } from './note-editor';
import { VulnerablePanel } from './vulnerable-panel';
import { ReplyBox } from './reply-box';

/** Every call on the conversation renews the claim; once a minute stays well inside the idle time (5 min by default). */
export const CLAIM_RENEW_MS = 60_000;

function AnswerScreen({ conversationId }: { conversationId: number }) {
  const { t } = useTranslation('operator');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const conversation = useQuery({
    queryKey: conversationKey(conversationId),
    queryFn: () => fetchConversation(conversationId),
    refetchInterval: CLAIM_RENEW_MS,
  });
  // Once the claim is settled, read the conversation again: it names the claim's holder.
  const { state: claim, releasedByServer } = useClaim(
    conversationId,
    () => void queryClient.invalidateQueries({ queryKey: conversationKey(conversationId) }),
  );
  const data = conversation.data;
  // The claim was lost meanwhile (expired, taken over): the screen turns read-only too.
  const holder = data?.claim && !data.claim.mine ? data.claim.staff_name : null;
  const takenBy = claim.kind === 'taken' ? (holder ?? null) : claim.kind === 'held' ? holder : null;
  const editable = claim.kind === 'held' && takenBy === null;

  const back = (
    <Link to="/admin/operator" className="btn btn-link px-0">
      ← {t('answer.back')}
    </Link>
  );

  if (conversation.isPending) return <p role="status">{t('answer.loading')}</p>;
  if (conversation.isError || !data)
    return (
      <>
        {back}
        <p role="alert" className="alert alert-danger">
          {conversation.error instanceof AdminApiError ? conversation.error.message : t('answer.load_failed')}
        </p>
      </>
    );

  return (
    <>
      {back}
      <h1 className="h4 text-break">{t('answer.title', { member: data.member.name, fictional: data.fictional.name })}</h1>
      <div role="status" className="mb-2">
        {claim.kind === 'claiming' && <span className="small">{t('answer.claiming')}</span>}
        {editable && <span className="small text-success">{t('answer.claimed')}</span>}
      </div>
      {(claim.kind === 'taken' || takenBy !== null) && (
        <div role="alert" className="alert alert-warning">
          <p className="fw-semibold mb-1">{takenBy ? t('answer.taken', { name: takenBy }) : claim.kind === 'taken' ? claim.message : ''}</p>
          <p className="mb-0 small">{t('answer.taken_note')}</p>
        </div>
      )}
      {claim.kind === 'failed' && (
        <p role="alert" className="alert alert-danger">
          {claim.message}
        </p>
      )}
      <p className="small">{t('answer.language', { language: t(`languages.${data.language}`) })}</p>
      <div className="row g-3">
        <div className="col-12 col-lg-7 col-xl-8">
          <ConversationLog conversation={data} />
          {editable && (
            <ReplyBox
              conversation={data}
              onSent={() => {
                releasedByServer();
                void queryClient.invalidateQueries({ queryKey: OPERATOR_QUEUE_KEY });
                void navigate('/admin/operator');
              }}
            />
          )}
        </div>
        <div className="col-12 col-lg-5 col-xl-4">
          <VulnerablePanel conversation={data} editable={editable} />
          <ProfilePanel title={t('answer.member_profile')} profile={data.member} />
          <NoteEditor conversation={data} editable={editable} />
          <ProfilePanel title={t('answer.fictional_profile')} profile={data.fictional} notice={data.fictional_notice} />
        </div>
      </div>
    </>
  );
}

export function Component() {
  const { id } = useParams();
  const conversationId = Number(id);
  const { t } = useTranslation('common');
  if (!Number.isInteger(conversationId) || conversationId <= 0) return <p role="alert">{t('not_found')}</p>;
  // A new conversation is a new screen: its own claim, reply and note state.
  return <AnswerScreen key={conversationId} conversationId={conversationId} />;
}
