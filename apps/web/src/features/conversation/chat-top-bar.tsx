import { Suspense, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TChatAnswer } from '@cupido/shared/contracts/chats';
import { routePath } from '@cupido/shared/rules/routes';
import { lazyWithReload } from '../../platform/chunk-reload';
import { useDisclosure } from '../../ui/use-disclosure';
import { ProfilePhoto } from '../profile-cards/profile-card';
import { useSession } from '../session/use-session';
import { useChats } from '../chats';
import { ActivityMark } from '../profile-cards/distance-and-activity';
import { ProfileCardsTexts } from '../profile-cards/profile-cards-texts';
import { BackIcon, CoinIcon, MoreIcon } from './chat-icons';
import { CONVERSATION_NS } from './conversation-texts';
import type { ProfileDialog } from './chat-profile-dialogs';

// Block and report reuse the profile page's dialogs and texts: their own chunk, fetched when opened.
const ChatProfileDialogs = lazyWithReload(() => import('./chat-profile-dialogs'));

export interface ChatTopBarProps {
  partner: TChatAnswer['partner'];
  conversation: number | null;
}

/**
 * The conversation's top bar (spec section 2): back to the list on a phone, the partner's photo and
 * name linking to their profile (with the fictional badge for a fictional profile, trust.md, and
 * their "online now" / "active today" mark, issue 28), the
 * member's credits, and the options: view profile, block, report, delete the conversation.
 */
export function ChatTopBar({ partner, conversation }: ChatTopBarProps) {
  const { t } = useTranslation(CONVERSATION_NS);
  const { user } = useSession();
  const navigate = useNavigate();
  const { chats, removeConversation } = useChats();
  const [dialog, setDialog] = useState<ProfileDialog | null>(null);
  const [deleting, setDeleting] = useState(false);
  const options = useDisclosure();
  const choose = (action: () => void) => () => {
    options.close();
    action();
  };
  const profileUrl = routePath('members-id', { id: partner.id });
  const credits = user?.credits ?? 0;
  // The list refreshes every minute: its item is the fresher word on the partner's activity once there is one.
  const listed = conversation === null ? undefined : chats?.find((chat) => chat.conversation === conversation);
  const activity = listed ? listed.partner.activity : partner.activity;

  const remove = () => {
    setDeleting(false);
    if (conversation === null) return;
    // Spec section 4: the conversation goes from the list at once; a failure alerts and reloads the list.
    void removeConversation(conversation);
    navigate(routePath('chats'));
  };

  return (
    <header className="chat-top-bar">
      <Link to={routePath('chats')} className="chat-top-bar__back btn btn-link px-1" aria-label={t('layout.backToChats')}>
        <BackIcon />
      </Link>
      <Link to={profileUrl} className="chat-top-bar__partner" id="chat-partner-link" title={t('chat.profileLink', { name: partner.name })}>
        <span className="chat-top-bar__avatar">
          <ProfilePhoto name={partner.name} src={partner.main_image} eager />
        </span>
        <span className="chat-top-bar__who">
          <h1 className="chat-top-bar__name h6 mb-0" id="chat-partner-name">
            {partner.name}
          </h1>
          {partner.fictional && (
            <span id="chat-fictional-badge" className="badge fictional-badge">
              <span aria-hidden="true">{partner.fictional.icon}</span> {partner.fictional.singular}
            </span>
          )}
          {activity && (
            <span id="chat-partner-activity" className="chat-top-bar__activity">
              <ProfileCardsTexts>
                <ActivityMark activity={activity} />
              </ProfileCardsTexts>
            </span>
          )}
        </span>
      </Link>
      <Link
        to={routePath('credits')}
        id="chat-credits"
        className={`chat-top-bar__credits badge ${credits > 0 ? 'text-bg-light border' : 'text-bg-danger'}`}
        aria-label={t('chat.creditsLabel', { count: credits })}
      >
        <CoinIcon /> <span aria-hidden="true">{credits}</span>
      </Link>
      {/* A menu of a link and buttons: the shell's disclosure pattern (no Popper), closed by Escape or a click outside. */}
      <div className="dropdown" {...options.rootProps}>
        <button
          id="chat-options"
          className="btn btn-link chat-top-bar__options px-2"
          aria-label={t('chat.options')}
          {...options.toggleProps}
        >
          <MoreIcon />
        </button>
        {options.open && (
          <ul id={options.menuId} className="dropdown-menu dropdown-menu-end show" data-bs-popper="static">
            <li>
              <Link to={profileUrl} id="chat-view-profile" className="dropdown-item" onClick={() => options.close()}>
                {t('chat.viewProfile')}
              </Link>
            </li>
            <li>
              <button type="button" id="chat-block" className="dropdown-item" onClick={choose(() => setDialog('block'))}>
                {t('chat.block', { name: partner.name })}
              </button>
            </li>
            <li>
              <button type="button" id="chat-report-profile" className="dropdown-item" onClick={choose(() => setDialog('report'))}>
                {t('chat.report', { name: partner.name })}
              </button>
            </li>
            {conversation !== null && (
              <li>
                <button type="button" id="chat-delete" className="dropdown-item text-danger" onClick={choose(() => setDeleting(true))}>
                  {t('chat.delete')}
                </button>
              </li>
            )}
          </ul>
        )}
      </div>
      {dialog && (
        <Suspense fallback={null}>
          <ChatProfileDialogs
            dialog={dialog}
            partner={partner}
            onHide={() => setDialog(null)}
            onBlocked={() => navigate(routePath('chats'))}
          />
        </Suspense>
      )}
      <Modal show={deleting} onHide={() => setDeleting(false)} centered aria-labelledby="chat-delete-title" id="chat-delete-confirm">
        <Modal.Header closeButton closeLabel={t('chat.close')}>
          <Modal.Title id="chat-delete-title" className="h5">
            {t('chat.deleteTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{t('chat.deleteText', { name: partner.name })}</p>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={() => setDeleting(false)}>
            {t('chat.cancel')}
          </button>
          <button type="button" id="chat-delete-yes" className="btn btn-danger" onClick={remove}>
            {t('chat.deleteYes')}
          </button>
        </Modal.Footer>
      </Modal>
    </header>
  );
}
