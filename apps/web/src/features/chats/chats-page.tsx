import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../page-title/use-page-title';
import { PageFallback } from '../../ui/page-fallback';
import { CHATS_NS, ChatsTexts } from './chats-texts';
import { ConversationList, type ConversationListProps } from './conversation-list';

function Chats(props: ConversationListProps) {
  const { t } = useTranslation(CHATS_NS);
  usePageTitle(t('page.title'));
  return (
    <div id="chats-page" className="chats-page">
      <h1 className="h4 px-3 pt-3 mb-2">{t('page.title')}</h1>
      <ConversationList {...props} />
    </div>
  );
}

/**
 * /chats (spec section 2): the member's conversations under the page's heading, which also sets
 * the page title. Beside an open conversation the chat layout renders ConversationList alone
 * (the conversation sets the title there).
 */
export default function ChatsPage(props: ConversationListProps) {
  return (
    <ChatsTexts fallback={<PageFallback />}>
      <Chats {...props} />
    </ChatsTexts>
  );
}
