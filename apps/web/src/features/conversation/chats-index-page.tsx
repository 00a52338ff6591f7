import { useTranslation } from 'react-i18next';
import { CONVERSATION_NS } from './conversation-texts';

/**
 * /chats inside the chat layout: the layout's conversation list (features/chats' ChatsPage, which
 * also sets the page title) is the page. On a computer the place of the conversation beside it
 * says what to do; on a phone it is not shown.
 */
export default function ChatsIndexPage() {
  const { t } = useTranslation(CONVERSATION_NS);
  return (
    <div className="chat-empty-state">
      <p className="text-body-secondary mb-0">{t('layout.choose')}</p>
    </div>
  );
}
