import { useTranslation } from 'react-i18next';
import { CONVERSATION_NS } from './conversation-texts';

/**
 * The site's reminder of its spending limits (issue 15), in the member's language: the server sends
 * it to a member flagged as vulnerable who writes to a fictional profile. It sits in the screen's
 * flow above the messages, like the other notices, so it never covers the message box.
 */
export function SpendingReminder({ text }: { text: string }) {
  const { t } = useTranslation(CONVERSATION_NS);
  return (
    <div
      id="chat-spending-reminder"
      className="chat-notice chat-spending-reminder alert alert-info small mb-0"
      role="note"
      aria-labelledby="chat-spending-reminder-title"
    >
      <p id="chat-spending-reminder-title" className="fw-semibold mb-1">
        {t('spendingReminder.title')}
      </p>
      <p className="mb-0">{text}</p>
    </div>
  );
}
