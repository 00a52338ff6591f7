import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/document-title';
import { CONVERSATION_NS } from './conversation-texts';

/**
 * /chats inside the chat layout: the layout's conversation list is the page. On a computer the
 * place of the conversation beside it says what to do; on a phone it is not shown.
 */
export default function ChatsIndexPage() {
  const { t } = useTranslation(CONVERSATION_NS);
  usePageTitle(t('layout.messages'));
  return (
    <div className="chat-empty-state">
      <p className="text-body-secondary mb-0">{t('layout.choose')}</p>
    </div>
  );
}
