import { Suspense, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Link, useLocation, useMatch, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TChatMessage } from '@cupido/shared/contracts/chats';
import { FREE_CONVERSATIONS_STARTED, TYPING_SIGNAL_INTERVAL_MS, type SendBlockedReason } from '@cupido/shared/rules/chats';
import type { GiftCode } from '@cupido/shared/rules/gifts';
import { ROUTES, routePath } from '@cupido/shared/rules/routes';
import { lazyWithReload } from '../../platform/chunk-reload';
import { usePageTitle } from '../page-title/use-page-title';
import { PageFallback } from '../../ui/page-fallback';
import { NotFoundPage } from '../errors/not-found-page';
import { isAuthenticationRequired } from '../session/query-client';
import { useSession } from '../session/use-session';
import { useSettings } from '../site/use-settings';
import { sendLive } from '../chats';
import type { ChatTarget } from './chat-calls';
import { loadChatDraft, saveChatDraft } from './chat-draft';
import { IdeaIcon } from './chat-icons';
import { useChatMoney } from '../message-prices/chat-prices';
import { ChatTopBar } from './chat-top-bar';
import { CONVERSATION_NS } from './conversation-texts';
import { GiftPicker } from './gift-picker';
import { IcebreakerModal } from './icebreaker-modal';
import { MessageList } from './message-list';
import { getOutbox, type OutboxRefusal } from './outbox';
import { RefusalAlert } from './refusal-alert';
import { SendFooter } from './send-footer';
import { SpendingReminder } from './spending-reminder';
import { useConversation, type ChatMeta } from './use-conversation';

const MessageReportDialog = lazyWithReload(() => import('./message-report-dialog'));

/** What the profile page hands on when its Gift button leads here: the gift picker opens at once. */
export interface ConversationLinkState {
  openGifts?: boolean;
}

/** Partners whose empty conversation already opened the icebreakers by itself in this tab. */
const ICEBREAKERS_SHOWN_KEY = 'cupido.icebreakers-shown';

function icebreakersShownFor(partnerId: number): boolean {
  try {
    return (JSON.parse(sessionStorage.getItem(ICEBREAKERS_SHOWN_KEY) ?? '[]') as number[]).includes(partnerId);
  } catch {
    return false;
  }
}

function rememberIcebreakersShown(partnerId: number): void {
  try {
    const shown = JSON.parse(sessionStorage.getItem(ICEBREAKERS_SHOWN_KEY) ?? '[]') as number[];
    sessionStorage.setItem(ICEBREAKERS_SHOWN_KEY, JSON.stringify([...shown.filter((id) => id !== partnerId), partnerId].slice(-100)));
  } catch {
    // Without storage it may open once more after a reload.
  }
}

function userIdOf(user: { id: number } | null): number {
  return user?.id ?? 0;
}

function joinTexts(parts: string[]): string {
  return parts.filter((part) => part.trim() !== '').join('\n');
}

/** The refused messages of this partner in the outbox: their texts, the latest reason, their ids (to dismiss). */
type ShownRefusal = OutboxRefusal & { textKept: boolean };

function refusedEntries(partnerId: number, userId: number): { texts: string[]; refusal: ShownRefusal | null; clientIds: string[] } {
  const refused = getOutbox()
    .getSnapshot()
    .filter((entry) => entry.status === 'refused' && entry.profileId === partnerId && entry.userId === userId);
  return {
    texts: refused.filter((entry) => entry.kind === 'text' && entry.text).map((entry) => entry.text!),
    refusal: refused.at(-1)?.refusal ? { ...refused.at(-1)!.refusal!, textKept: refused.at(-1)!.kind === 'text' } : null,
    clientIds: refused.map((entry) => entry.clientId),
  };
}

/** /chats/{id} (a conversation) and /members/{id}/chat (the conversation with a member, perhaps not started yet). */
export default function ConversationPage() {
  const { id = '' } = useParams();
  const byProfile = useMatch(ROUTES['members-id-chat']) !== null;
  const numeric = Number(id);
  if (!/^\d{1,15}$/.test(id) || numeric <= 0) return <NotFoundPage />;
  const target: ChatTarget = byProfile ? { profile: numeric } : { conversation: numeric };
  return <ConversationScreen key={`${byProfile ? 'p' : 'c'}${numeric}`} target={target} />;
}

function ConversationScreen({ target }: { target: ChatTarget }) {
  const { t } = useTranslation(CONVERSATION_NS);
  const navigate = useNavigate();
  const leave = useCallback(() => void navigate(routePath('chats'), { replace: true }), [navigate]);
  const chat = useConversation(target, 'profile' in target ? target.profile : null, leave);
  const meta = chat.state.meta;
  usePageTitle(meta ? t('chat.title', { name: meta.partner.name }) : t('layout.messages'));

  // The conversation first appears in a transition (rendered in slices, yielding to the browser)
  // rather than in the synchronous render its answer's arrival starts: on a phone that render was
  // one long task (issue 29, TBT). Later updates render at once.
  const appeared = useDeferredValue(!!meta);
  if (chat.query.isPending || (meta && !appeared)) return <PageFallback />;
  if (!meta) {
    const error = chat.query.error;
    if (error && (error.status === 404 || error.status === 400)) return <NotFoundPage />;
    if (error && isAuthenticationRequired(error)) return <PageFallback />; // logged out silently; the guard takes over
    return (
      <section className="chat-screen chat-screen--error p-4">
        <h1 className="h5">{t('layout.messages')}</h1>
        <div id="chat-load-error" className="alert alert-danger" role="alert">
          {error?.code === 'no_access' ? error.message : t('chat.loadFailed')}
        </div>
        <div className="d-flex gap-2">
          <button type="button" className="btn btn-primary" onClick={chat.query.refetch}>
            {t('chat.retry')}
          </button>
          <Link to={routePath('chats')} className="btn btn-outline-secondary">
            {t('layout.backToChats')}
          </Link>
        </div>
      </section>
    );
  }
  return <ChatView chat={chat} meta={meta} />;
}

function ChatView({ chat, meta }: { chat: ReturnType<typeof useConversation>; meta: ChatMeta }) {
  const { t } = useTranslation(CONVERSATION_NS);
  const { user } = useSession();
  const settings = useSettings();
  const money = useChatMoney();
  const location = useLocation();
  const { partner } = meta;
  const { state, outgoing } = chat;
  const conversation = state.conversation;

  // What a reload left refused in the outbox comes back into the box; the reason shows (below, for later ones).
  const [initial] = useState(() => refusedEntries(partner.id, userIdOf(user)));
  // The tab's draft (kept across a visit to the shop) wins over the server's (a signup message the credits did not cover).
  const [text, setText] = useState(() => joinTexts([...initial.texts, loadChatDraft(userIdOf(user), partner.id) ?? meta.draft ?? '']));
  const [refusal, setRefusal] = useState<ShownRefusal | null>(initial.refusal);
  const [giftsOpen, setGiftsOpen] = useState(() => !!(location.state as ConversationLinkState | null)?.openGifts);
  // An empty conversation opens the icebreakers once by itself.
  const [icebreakersOpen, setIcebreakersOpen] = useState(
    () =>
      state.messages.length === 0 &&
      outgoing.length === 0 &&
      !state.hasOlder &&
      !state.olderHidden &&
      !meta.send_blocked &&
      !meta.draft &&
      !(location.state as ConversationLinkState | null)?.openGifts &&
      !icebreakersShownFor(partner.id),
  );
  const [image, setImage] = useState<{ url: string; alt: string } | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const [reported, setReported] = useState<TChatMessage | null>(null);

  useEffect(() => saveChatDraft(userIdOf(user), partner.id, text), [user, partner.id, text]);

  useEffect(() => {
    if (icebreakersOpen) rememberIcebreakersShown(partner.id);
  }, [icebreakersOpen, partner.id]);

  // A refused message comes back into the box (nothing typed is lost) and the reason shows.
  useEffect(() => {
    const outbox = getOutbox();
    const takeRefused = () => {
      const { texts, refusal: latest, clientIds } = refusedEntries(partner.id, userIdOf(user));
      if (clientIds.length === 0) return;
      if (texts.length > 0) setText((current) => joinTexts([...texts, current]));
      setRefusal(latest);
      for (const clientId of clientIds) outbox.dismiss(clientId);
    };
    for (const clientId of initial.clientIds) outbox.dismiss(clientId);
    return outbox.subscribe(takeRefused);
  }, [partner.id, user, initial]);

  const lastTyping = useRef(0);
  const onTextChange = (next: string) => {
    setText(next);
    const now = Date.now();
    if (conversation !== null && next.trim() !== '' && now - lastTyping.current >= TYPING_SIGNAL_INTERVAL_MS) {
      lastTyping.current = now;
      sendLive({ type: 'typing', conversation });
    }
  };

  const userId = userIdOf(user);
  const send = useCallback(
    (entry: { kind: 'text'; text: string } | { kind: 'gift'; gift: GiftCode } | { kind: 'image'; file: File }) => {
      setRefusal(null);
      getOutbox().send({ userId, profileId: partner.id, ...entry });
    },
    [userId, partner.id],
  );

  const balance = user?.credits ?? 0;
  const blocked = meta.send_blocked ? <SendBlocked reason={meta.send_blocked} name={partner.name} /> : undefined;

  return (
    <section className="chat-screen" aria-labelledby="chat-partner-name">
      <ChatTopBar partner={partner} conversation={conversation} />
      {partner.fictional && (
        <p id="chat-fictional-notice" className="chat-notice alert alert-warning small mb-0" role="note">
          <span aria-hidden="true">{partner.fictional.icon} </span>
          {partner.fictional.warning}
        </p>
      )}
      {meta.account_unconfirmed && (
        <p id="chat-unconfirmed" className="chat-notice alert alert-info small mb-0" role="status">
          {t('unconfirmed', { email: user?.email ?? '' })}
        </p>
      )}
      {meta.spending_reminder && <SpendingReminder text={meta.spending_reminder} />}
      <MessageList
        messages={state.messages}
        outgoing={outgoing}
        receipts={state.receipts}
        partnerName={partner.name}
        fictional={!!partner.fictional}
        hasOlder={state.hasOlder}
        olderHidden={state.olderHidden}
        loadingOlder={chat.loadingOlder}
        onLoadOlder={chat.loadOlder}
        onOpenImage={setImage}
        onReport={setReported}
      />
      <div className="chat-typing small text-body-secondary" aria-live="polite" id="chat-typing">
        {chat.partnerTyping ? t('messages.typing', { name: partner.name }) : ''}
      </div>
      {refusal && <RefusalAlert refusal={refusal} textKept={refusal.textKept} onDismiss={() => setRefusal(null)} />}
      {!meta.send_blocked && (
        <div className="chat-icebreaker-link">
          <button type="button" id="chat-icebreakers" className="btn btn-link btn-sm p-0" onClick={() => setIcebreakersOpen(true)}>
            <IdeaIcon /> {t('footer.icebreakers')}
          </button>
        </div>
      )}
      <SendFooter
        partnerName={partner.name}
        text={text}
        onTextChange={onTextChange}
        onSend={(value) => {
          send({ kind: 'text', text: value.trim() });
          setText('');
        }}
        onPhoto={(file) => send({ kind: 'image', file })}
        onOpenGifts={() => setGiftsOpen(true)}
        maxLength={settings.message_length}
        prices={meta.prices}
        balance={balance}
        moneyPerMessage={money.perMessage}
        photoMoney={money.ofCredits(meta.prices.image)}
        blocked={blocked}
        focusRequest={focusRequest}
      />
      <GiftPicker
        show={giftsOpen}
        onHide={() => setGiftsOpen(false)}
        partnerName={partner.name}
        price={meta.prices.gift}
        money={money.ofCredits(meta.prices.gift)}
        balance={balance}
        onSend={(gift) => {
          send({ kind: 'gift', gift });
          setGiftsOpen(false);
        }}
      />
      <IcebreakerModal
        show={icebreakersOpen}
        onHide={() => setIcebreakersOpen(false)}
        partner={{ ...partner, fictional: !!partner.fictional }}
        onChoose={(opener) => setText(opener)}
        onExited={() => setFocusRequest((n) => n + 1)}
      />
      <Modal show={!!image} onHide={() => setImage(null)} centered size="lg" aria-labelledby="chat-image-title" id="chat-image-viewer">
        <Modal.Header closeButton closeLabel={t('chat.close')}>
          <Modal.Title id="chat-image-title" className="h6">
            {image?.alt ?? t('messages.imageTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="text-center">{image && <img src={image.url} alt={image.alt} className="img-fluid" />}</Modal.Body>
      </Modal>
      {reported && (
        <Suspense fallback={null}>
          <MessageReportDialog show onHide={() => setReported(null)} messageId={reported.id} partnerName={partner.name} />
        </Suspense>
      )}
    </section>
  );
}

function SendBlocked({ reason, name }: { reason: SendBlockedReason; name: string }) {
  const { t } = useTranslation(CONVERSATION_NS);
  return (
    <>
      {t(`blocked.${reason}`, { name, limit: FREE_CONVERSATIONS_STARTED })}
      {reason === 'conversation_limit' && (
        <>
          {' '}
          <Link to={routePath('premium')} className="alert-link">
            {t('refusal.getPremium')}
          </Link>
        </>
      )}
    </>
  );
}
