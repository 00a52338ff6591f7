import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TChatItem } from '@cupido/shared/contracts/chats';
import { badgeLabel } from '@cupido/shared/rules/site-shell';
import { routePath } from '@cupido/shared/rules/routes';
import { PageFallback } from '../../ui/page-fallback';
import { i18n } from '../../i18n/i18n';
import { useLocale } from '../locale/use-locale';
import { FictionalBadge } from '../navigation/fictional-badge';
import { ActivityMark } from '../profile-cards/distance-and-activity';
import { ProfilePhoto } from '../profile-cards/profile-card';
import { ProfileCardsTexts } from '../profile-cards/profile-cards-texts';
import { chatTimeLabel } from './chat-time';
import { CHATS_NS, ChatsTexts } from './chats-texts';
import { useChats } from './use-chats';
import './chats.scss';

/** The conversation screen's namespace, which names the gifts (gifts.<code>). */
const CONVERSATION_NS = 'conversation';

export interface ConversationListProps {
  /** The conversation open beside the list (desktop): marked as the current one. */
  activeConversation?: number;
  /** Called when the member opens a conversation (each item is also a link to /chats/{id}). */
  onOpen?: (conversationId: number) => void;
}

const conversationLinkId = (conversation: number) => `conversation-${conversation}`;

/** Now, a minute at a time: "14:05" becomes "Yesterday" after midnight without a new answer. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function subscribeToAddedTexts(onChange: () => void): () => void {
  i18n.store.on('added', onChange);
  return () => i18n.store.off('added', onChange);
}

/** A gift's name in the member's language once the conversation texts are there; null before. */
function useGiftName(gift: string | null): string | null {
  const { t } = useTranslation(CHATS_NS);
  const { locale } = useLocale();
  const key = `gifts.${gift}`;
  const known = useSyncExternalStore(subscribeToAddedTexts, () => !!gift && i18n.exists(key, { ns: CONVERSATION_NS, lng: locale }));
  return known ? t(key, { ns: CONVERSATION_NS }) : null;
}

/** What the list shows of the last message: its text, "Photo" or "Gift: <name>", "You: " before the member's own. */
function Preview({ message }: { message: TChatItem['last_message'] }) {
  const { t } = useTranslation(CHATS_NS);
  const giftName = useGiftName(message?.kind === 'gift' ? message.gift : null);
  if (!message) return <span className="fst-italic">{t('preview.none')}</span>;
  const text =
    message.kind === 'image'
      ? t('preview.photo')
      : message.kind === 'gift'
        ? giftName
          ? t('preview.gift', { name: giftName })
          : t('preview.giftUnnamed')
        : (message.text ?? '');
  return <>{message.from_me ? t('preview.you', { text }) : text}</>;
}

function ConversationItem({
  chat,
  now,
  active,
  onOpen,
  onRemove,
}: {
  chat: TChatItem;
  now: Date;
  active: boolean;
  onOpen?: (conversationId: number) => void;
  onRemove: (chat: TChatItem, button: HTMLButtonElement) => void;
}) {
  const { t } = useTranslation(CHATS_NS);
  const { locale } = useLocale();
  const { partner, num_unread_messages: unread } = chat;
  const at = chat.last_message?.created_at ?? chat.updated_at;
  const time = chatTimeLabel(at, locale, now);
  const count = badgeLabel(unread);
  return (
    <li className={`conversation-item${active ? ' conversation-item--active' : ''}${count ? ' conversation-item--unread' : ''}`}>
      <Link
        id={conversationLinkId(chat.conversation)}
        to={routePath('chats-id', { id: chat.conversation })}
        className="conversation-item__link"
        aria-current={active ? 'page' : undefined}
        onClick={() => onOpen?.(chat.conversation)}
      >
        <span className="conversation-item__photo">
          <ProfilePhoto name={partner.name} src={partner.main_image} />
        </span>
        <span className="conversation-item__body">
          <span className="conversation-item__head">
            <span className="conversation-item__name">{partner.name}</span>
            <time className="conversation-item__time" dateTime={at} title={time.full}>
              {time.short}
            </time>
          </span>
          {(partner.is_fictional || partner.activity) && (
            <span className="conversation-item__meta">
              {partner.is_fictional && (
                <span className="conversation-item__fictional">
                  <FictionalBadge />
                </span>
              )}
              {partner.activity && (
                // The cards' words and dot (profile-cards), so a mark reads the same wherever it is shown.
                <ProfileCardsTexts>
                  <ActivityMark activity={partner.activity} className="conversation-item__activity" />
                </ProfileCardsTexts>
              )}
            </span>
          )}
          <span className="conversation-item__foot">
            <span className="conversation-item__preview">
              <Preview message={chat.last_message} />
            </span>
            {count && (
              <>
                <span className="badge rounded-pill text-bg-primary" aria-hidden="true">
                  {count}
                </span>
                <span className="visually-hidden">{t('list.unread', { number: unread })}</span>
              </>
            )}
          </span>
        </span>
      </Link>
      <button
        type="button"
        className="btn conversation-item__remove"
        aria-label={t('remove.button', { name: partner.name })}
        onClick={(event) => onRemove(chat, event.currentTarget)}
      >
        <TrashIcon />
      </button>
    </li>
  );
}

function TrashIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 16 16" fill="currentColor">
      <path d="M5.5 5.5A.5.5 0 0 1 6 6v6a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m2.5 0a.5.5 0 0 1 .5.5v6a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m3 .5a.5.5 0 0 0-1 0v6a.5.5 0 0 0 1 0z" />
      <path d="M14.5 3a1 1 0 0 1-1 1H13v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V4h-.5a1 1 0 0 1-1-1V2a1 1 0 0 1 1-1H6a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1h3.5a1 1 0 0 1 1 1zM4.118 4 4 4.059V13a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1V4.059L11.882 4zM2.5 3h11V2h-11z" />
    </svg>
  );
}

function EmptyChats() {
  const { t } = useTranslation(CHATS_NS);
  return (
    <div id="chats-empty" className="text-center py-4 px-3">
      <h2 className="h5">{t('empty.title')}</h2>
      <p className="text-body-secondary">{t('empty.text')}</p>
      <Link id="chats-empty-search" to={routePath('members')} className="btn btn-primary">
        {t('empty.search')}
      </Link>
    </div>
  );
}

/** Asks before a conversation goes (it removes it for the member, spec section 7). */
function RemoveDialog({
  chat,
  show,
  onCancel,
  onConfirm,
  onExited,
}: {
  chat: TChatItem | null;
  show: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  onExited: () => void;
}) {
  const { t } = useTranslation(CHATS_NS);
  return (
    <Modal
      show={show}
      onHide={onCancel}
      onExited={onExited}
      restoreFocus={false}
      centered
      aria-labelledby="chat-remove-title"
      id="chat-remove"
    >
      <Modal.Header closeButton closeLabel={t('remove.close')}>
        <Modal.Title id="chat-remove-title" className="h5">
          {t('remove.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{t('remove.text', { name: chat?.partner.name ?? '' })}</p>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('remove.cancel')}
        </button>
        <button id="chat-remove-confirm" type="button" className="btn btn-danger" onClick={onConfirm}>
          {t('remove.confirm')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}

function Conversations({ activeConversation, onOpen }: ConversationListProps) {
  const { t } = useTranslation(CHATS_NS);
  const { chats, status, refetch, removeConversation } = useChats();
  const navigate = useNavigate();
  const now = useMinuteClock();
  /** The conversation asked about; it stays (dialog closed) while the dialog fades out. */
  const [asked, setAsked] = useState<{ chat: TChatItem; open: boolean } | null>(null);
  /** Where the focus goes once the dialog has gone: the button that opened it, or after a removal the next item. */
  const focusAfter = useRef<(() => void) | null>(null);

  if (!chats) {
    if (status === 'error') {
      return (
        <div id="chats-error" className="alert alert-danger d-flex flex-wrap align-items-center gap-2 m-3" role="alert">
          <span className="me-auto">{t('page.error')}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={refetch}>
            {t('page.retry')}
          </button>
        </div>
      );
    }
    return <ConversationPlaceholders />;
  }
  const askToRemove = (chat: TChatItem, button: HTMLButtonElement) => {
    focusAfter.current = () => button.focus();
    setAsked({ chat, open: true });
  };
  const confirmRemoval = () => {
    if (!asked) return;
    const removing = asked.chat;
    const index = chats.indexOf(removing);
    const next = chats[index + 1] ?? chats[index - 1];
    focusAfter.current = () =>
      (next ? document.getElementById(conversationLinkId(next.conversation)) : document.getElementById('chats-empty-search'))?.focus();
    void removeConversation(removing.conversation);
    setAsked({ chat: removing, open: false });
    // The conversation open beside the list is gone: back to the list alone (its address no longer leads anywhere).
    if (removing.conversation === activeConversation) void navigate(routePath('chats'), { replace: true });
  };

  return (
    <>
      {chats.length > 0 ? (
        <ul id="conversation-list" className="conversation-list list-unstyled mb-0" aria-label={t('list.label')}>
          {chats.map((chat) => (
            <ConversationItem
              key={chat.conversation}
              chat={chat}
              now={now}
              active={chat.conversation === activeConversation}
              onOpen={onOpen}
              onRemove={askToRemove}
            />
          ))}
        </ul>
      ) : (
        <EmptyChats />
      )}
      <RemoveDialog
        chat={asked?.chat ?? null}
        show={!!asked?.open}
        onCancel={() => asked && setAsked({ ...asked, open: false })}
        onConfirm={confirmRemoval}
        onExited={() => {
          setAsked(null);
          focusAfter.current?.();
          focusAfter.current = null;
        }}
      />
    </>
  );
}

/**
 * The member's conversations (spec sections 2 and 4): photo, name, the fictional badge where it
 * applies and the partner's "online now" / "active today" mark (issue 28), the last message, its time, the unread count, and a delete per conversation (asked
 * first). Each item links to /chats/{id}; the chat layout shows it beside the open conversation on
 * a desktop, and as the screen before it on a phone.
 */
/**
 * While the list loads (issue 29): rows of the final size (photo circle, name and preview lines)
 * instead of a spinner, so the list does not jump when the conversations arrive.
 */
function ConversationPlaceholders() {
  const { t } = useTranslation();
  return (
    <div id="conversation-placeholders" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      <ul className="conversation-list list-unstyled mb-0 placeholder-pulse" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="conversation-item conversation-item--placeholder">
            <span className="conversation-item__link">
              <span className="conversation-item__photo placeholder-shape" />
              <span className="conversation-item__body">
                <span className="conversation-item__placeholder-line conversation-item__placeholder-line--name placeholder-shape" />
                <span className="conversation-item__placeholder-line placeholder-shape" />
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ConversationList(props: ConversationListProps) {
  return (
    <ChatsTexts fallback={<PageFallback />}>
      <Conversations {...props} />
    </ChatsTexts>
  );
}
