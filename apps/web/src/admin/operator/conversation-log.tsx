/** The conversation on the answer screen, oldest first; a fictional message names the staff member who wrote it (never shown to members). */
import { useTranslation } from 'react-i18next';
import type { TOperatorConversation } from '@cupido/shared/contracts/operator-console';

const timeOf = (iso: string) =>
  `${new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

export function ConversationLog({ conversation }: { conversation: TOperatorConversation }) {
  const { t } = useTranslation('operator');
  const { member, fictional, messages } = conversation;
  return (
    <section className="mb-3" aria-labelledby="operator-conversation-title">
      <h2 id="operator-conversation-title" className="h5">
        {t('answer.conversation')}
      </h2>
      {messages.length === 0 ? (
        <p className="text-body-secondary">{t('answer.no_messages')}</p>
      ) : (
        <ol className="list-unstyled d-flex flex-column gap-2 mb-0" aria-labelledby="operator-conversation-title">
          {messages.map((message) => {
            const fromFictional = message.from === 'fictional';
            return (
              <li key={message.id} className={`border rounded p-2 ${fromFictional ? 'bg-body-tertiary ms-4' : 'me-4'}`}>
                <p className="small text-body-secondary mb-1">
                  {fromFictional ? t('answer.from_fictional', { name: fictional.name }) : t('answer.from_member', { name: member.name })} ·{' '}
                  <time dateTime={message.created_at}>{timeOf(message.created_at)}</time>
                </p>
                {message.image ? (
                  // The picture the member paid to send (issue 29): the operator answers what the member sees.
                  <a href={message.image.url} target="_blank" rel="noreferrer" className="d-inline-block">
                    <img
                      src={message.image.thumb_url}
                      alt={t('answer.image_alt', { name: fromFictional ? fictional.name : member.name })}
                      loading="lazy"
                      className="rounded border"
                      style={{ maxWidth: '100%', maxHeight: 240, objectFit: 'contain' }}
                    />
                  </a>
                ) : (
                  <p className="mb-0 text-break" style={{ whiteSpace: 'pre-line' }}>
                    {message.kind === 'text' ? (
                      message.text
                    ) : message.kind === 'gift' ? (
                      t('answer.gift', { gift: message.gift ?? '' })
                    ) : (
                      <em>{t('answer.image')}</em>
                    )}
                  </p>
                )}
                {fromFictional && message.staff && (
                  <p className="small text-body-secondary mb-0 mt-1">{t('answer.written_by', { name: message.staff.name })}</p>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
