import { Suspense, useEffect } from 'react';
import { Link, Outlet, useMatch } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES, routePath } from '@cupido/shared/rules/routes';
import { PageFallback } from '../../ui/page-fallback';
import { useSession } from '../session/use-session';
import { useSettings } from '../site/use-settings';
import { ChatsPage, ConversationList, onLiveReconnect } from '../chats';
import { CONVERSATION_NS, ConversationTexts } from './conversation-texts';
import { getOutbox } from './outbox';
import './conversation.scss';

/**
 * The chat layout (spec section 2): full screen, without the top navigation, warnings header and
 * footer. On a computer (>= 992 px) the conversation list stays beside the open conversation; on
 * a phone /chats is the list and /chats/{id} (or /members/{id}/chat) the conversation alone, with
 * a link back to the list.
 *
 * The spec gives this layout the entry warning for NL and DE only. The entry warning is for
 * logged-out visitors (spec section 4) and every chat route is members-only: a visitor is sent to
 * /login, in the default layout, where the warning shows under its own rules before they log in.
 * So the chat layout renders none; a member never sees it, whatever their country.
 *
 * The layout also owns the outbox's life in the tab: it picks up what a reload left unsent for
 * this member and tries the waiting messages again when the live channel reconnects.
 */
export default function ChatLayout() {
  return (
    <ConversationTexts fallback={<PageFallback />}>
      <Layout />
    </ConversationTexts>
  );
}

function Layout() {
  const { t } = useTranslation(CONVERSATION_NS);
  const settings = useSettings();
  const { user } = useSession();
  const chatsId = useMatch(ROUTES['chats-id']);
  const membersChat = useMatch(ROUTES['members-id-chat']);
  const inConversation = chatsId !== null || membersChat !== null;
  const activeConversation = chatsId ? Number(chatsId.params.id) : undefined;

  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId === null) return;
    const outbox = getOutbox();
    outbox.resume(userId);
    return onLiveReconnect(() => outbox.retryNow());
  }, [userId]);

  return (
    <div className={`chat-layout${inConversation ? ' chat-layout--conversation' : ''}`}>
      <main id="main-content" className="chat-layout__main" tabIndex={-1}>
        <nav className="chat-layout__list" aria-label={t('layout.conversations')}>
          <Link to={routePath('members')} className="chat-layout__site small">
            <span aria-hidden="true">‹</span> {t('layout.toSite', { site: settings.name })}
          </Link>
          <div className="chat-layout__list-body">
            {inConversation ? (
              <>
                {/* Beside a conversation the list is a second-level part of the page: the conversation has the h1. */}
                <h2 className="h5 px-3 pt-3 mb-2">{t('layout.messages')}</h2>
                <ConversationList activeConversation={activeConversation} />
              </>
            ) : (
              <ChatsPage />
            )}
          </div>
        </nav>
        <section className="chat-layout__chat">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </section>
      </main>
    </div>
  );
}
