import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TChatAnswer, TChatMessage, TSendMessageAnswer } from '@cupido/shared/contracts/chats';
import { TYPING_VISIBLE_MS } from '@cupido/shared/rules/chats';
import type { TUser } from '@cupido/shared/contracts/accounts';
import type { ApiError } from '../../api/client';
import { SESSION_QUERY_KEY } from '../session/use-session';
import { markConversationRead, sendLive, setOpenConversation, subscribeLive } from '../chats';
import { chatQueryKey, fetchChat, fetchMissedMessages, type ChatTarget } from './chat-calls';
import { furtherReceipts, lastMessageId, lastPartnerMessageId, mergeMessages, type PartnerReceipts } from './message-list-state';
import { getOutbox, type OutboxEntry } from './outbox';
import { usePageVisible } from './use-page-visible';

/** What a conversation screen shows besides its messages: the latest word of GET /api/chat.php. */
export type ChatMeta = Omit<
  TChatAnswer,
  'messages' | 'has_older' | 'has_newer' | 'older_hidden' | 'partner_delivered_up_to' | 'partner_read_up_to'
>;

export interface ConversationState {
  conversation: number | null;
  messages: TChatMessage[];
  hasOlder: boolean;
  olderHidden: boolean;
  /** An older page was loaded: a newer first page must not say there is nothing older. */
  pagedBack: boolean;
  receipts: PartnerReceipts;
  meta: ChatMeta | null;
  /**
   * The newest message id up to which the screen holds every message: advanced only by the server's
   * pages (the first one and the catch-up's), never by a live frame or the member's own send answer,
   * since either can be newer than a message the screen missed while its socket was down. The
   * catch-up after a reconnect starts here, so such a message is fetched (issue 32's soak test
   * found partners' messages skipped when it started after the newest message shown).
   */
  syncedUpTo: number;
}

type Action =
  | { type: 'answer'; answer: TChatAnswer; page: 'first' | 'older' | 'newer' }
  | { type: 'messages'; messages: TChatMessage[] }
  | { type: 'receipt'; receipts: PartnerReceipts }
  | { type: 'removed'; conversation: number; message: number };

export const EMPTY_CONVERSATION: ConversationState = {
  conversation: null,
  messages: [],
  hasOlder: false,
  olderHidden: false,
  pagedBack: false,
  receipts: { deliveredUpTo: 0, readUpTo: 0 },
  meta: null,
  syncedUpTo: 0,
};

function metaOf(answer: TChatAnswer): ChatMeta {
  const { conversation, partner, send_blocked, account_unconfirmed, draft, spending_reminder, prices } = answer;
  return { conversation, partner, send_blocked, account_unconfirmed, draft, spending_reminder, prices };
}

export function conversationReducer(state: ConversationState, action: Action): ConversationState {
  switch (action.type) {
    case 'answer': {
      const { answer, page } = action;
      const next: ConversationState = {
        ...state,
        conversation: answer.conversation ?? state.conversation,
        messages: mergeMessages(state.messages, answer.messages),
        receipts: furtherReceipts(state.receipts, { deliveredUpTo: answer.partner_delivered_up_to, readUpTo: answer.partner_read_up_to }),
        meta: metaOf(answer),
      };
      if (page === 'older') return { ...next, hasOlder: answer.has_older, olderHidden: answer.older_hidden, pagedBack: true };
      // The first page and each catch-up page hold every message up to their newest.
      next.syncedUpTo = Math.max(state.syncedUpTo, lastMessageId(answer.messages));
      if (page === 'first' && !state.pagedBack) return { ...next, hasOlder: answer.has_older, olderHidden: answer.older_hidden };
      return next;
    }
    case 'messages': {
      const conversation = state.conversation ?? action.messages[0]?.conversation.id ?? null;
      const mine = action.messages.filter((message) => message.conversation.id === conversation);
      return mine.length === 0 ? state : { ...state, conversation, messages: mergeMessages(state.messages, mine) };
    }
    case 'receipt':
      return { ...state, receipts: furtherReceipts(state.receipts, action.receipts) };
    case 'removed': {
      if (action.conversation !== state.conversation) return state;
      const messages = state.messages.filter((message) => message.id !== action.message);
      return messages.length === state.messages.length ? state : { ...state, messages };
    }
  }
}

/** The member's balance after a paid send, at once in the coins badge (the session refresh confirms it). */
export function applyCredits(queryClient: ReturnType<typeof useQueryClient>, answer: TSendMessageAnswer): void {
  queryClient.setQueryData<TUser | null>(SESSION_QUERY_KEY, (user) => (user ? { ...user, credits: answer.credits } : user));
}

function useOutboxEntries(): readonly OutboxEntry[] {
  const outbox = getOutbox();
  return useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, outbox.getSnapshot);
}

export interface Conversation {
  state: ConversationState;
  query: { isPending: boolean; error: ApiError | null; refetch: () => void };
  /** Messages of this partner still in the outbox (pending, waiting or refused), not yet among the stored ones. */
  outgoing: OutboxEntry[];
  /** The partner is typing (a 'typing' frame came less than TYPING_VISIBLE_MS ago). */
  partnerTyping: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  resync: () => Promise<void>;
}

/**
 * One conversation as its screen holds it: the first page of GET /api/chat.php, older pages on
 * demand, the live channel's messages, receipts and typing, and what the member sends through the
 * outbox, all merged by message id. At each hello of the live channel (its first connection or a
 * reconnect), or when the page is visible again after being hidden, it fetches what came after the
 * last message it shows until nothing newer follows, with the partner's receipts.
 * When the conversation is removed (another tab, a block), `onRemoved` is called.
 * While visible it reports what the member has read (POST /api/chat-read.php and a live 'read'
 * frame); a message that arrives while the tab is hidden is only reported as delivered.
 */
export function useConversation(target: ChatTarget, partnerProfileId: number | null, onRemoved?: () => void): Conversation {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(conversationReducer, EMPTY_CONVERSATION);
  // Handlers of frames and timers read the latest state without subscribing again.
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);

  const query = useQuery<TChatAnswer, ApiError>({
    queryKey: chatQueryKey(target),
    queryFn: () => fetchChat(target),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  useEffect(() => {
    if (query.data) dispatch({ type: 'answer', answer: query.data, page: 'first' });
  }, [query.data]);

  const conversation = state.conversation;
  const partnerId = state.meta?.partner.id ?? partnerProfileId;

  // Older pages, one at a time.
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadingOlderRef = useRef(false);
  const loadOlder = useCallback(() => {
    const current = stateRef.current;
    const first = current.messages[0];
    if (loadingOlderRef.current || !current.hasOlder || current.conversation === null || !first) return;
    loadingOlderRef.current = true;
    setLoadingOlder(true);
    fetchChat({ conversation: current.conversation }, { before: first.id })
      .then((answer) => dispatch({ type: 'answer', answer, page: 'older' }))
      .catch(() => {
        // Scrolling to the top again tries again.
      })
      .finally(() => {
        loadingOlderRef.current = false;
        setLoadingOlder(false);
      });
  }, []);

  // Resync: one at a time; asked again while running, it runs once more after.
  const resyncing = useRef<Promise<void> | null>(null);
  const resyncAgain = useRef(false);
  const { refetch } = query;
  const resync = useCallback((): Promise<void> => {
    if (resyncing.current) {
      resyncAgain.current = true;
      return resyncing.current;
    }
    const run = async () => {
      do {
        resyncAgain.current = false;
        const current = stateRef.current;
        const after = current.syncedUpTo;
        if (current.conversation === null || after === 0) {
          await refetch();
          continue;
        }
        try {
          const { messages, last } = await fetchMissedMessages(current.conversation, after);
          dispatch({ type: 'answer', answer: { ...last, messages }, page: 'newer' });
        } catch {
          // The next reconnect or visibility change tries again; the chats list refreshes meanwhile.
        }
      } while (resyncAgain.current);
    };
    resyncing.current = run().finally(() => {
      resyncing.current = null;
    });
    return resyncing.current;
  }, [refetch]);

  // Live frames of this conversation.
  const [typingUntil, setTypingUntil] = useState(0);
  const onRemovedRef = useRef(onRemoved);
  useLayoutEffect(() => {
    onRemovedRef.current = onRemoved;
  }, [onRemoved]);
  useEffect(() => {
    const offMessage = subscribeLive('message', ({ message }) => {
      // A conversation opened by profile before it existed: any new conversation may be this one.
      if (stateRef.current.conversation === null) return void refetch();
      if (message.conversation.id !== stateRef.current.conversation) return;
      if (!message.from_me) setTypingUntil(0);
      dispatch({ type: 'messages', messages: [message] });
    });
    const offReceipt = subscribeLive('receipt', (frame) => {
      if (frame.conversation !== stateRef.current.conversation) return;
      dispatch({ type: 'receipt', receipts: { deliveredUpTo: frame.delivered_up_to, readUpTo: frame.read_up_to } });
    });
    const offTyping = subscribeLive('typing', (frame) => {
      if (frame.conversation !== stateRef.current.conversation) return;
      setTypingUntil(Date.now() + TYPING_VISIBLE_MS);
    });
    // Every hello (the first connection of a screen that loaded before it, or a reconnect) fetches
    // what came after the screen's last message: messages, and the receipts told while no socket
    // listened (a channel that could only load once the phone was back online, say).
    const offHello = subscribeLive('hello', () => void resync());
    // Deleted in another tab, or a block: there is nothing left to show or send here.
    const offRemoved = subscribeLive('conversation_removed', (frame) => {
      if (frame.conversation === stateRef.current.conversation) onRemovedRef.current?.();
    });
    // Staff removed a message after a report: it goes from the screen (the server has no row anymore).
    const offMessageRemoved = subscribeLive('message_removed', (frame) =>
      dispatch({ type: 'removed', conversation: frame.conversation, message: frame.message }),
    );
    return () => {
      offMessageRemoved();
      offRemoved();
      offMessage();
      offReceipt();
      offTyping();
      offHello();
    };
  }, [resync, refetch]);

  const partnerTyping = typingUntil > 0;
  useEffect(() => {
    if (!typingUntil) return;
    const timer = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);

  // Own sends: the stored message replaces its pending copy in the same render.
  useEffect(() => {
    const outbox = getOutbox();
    return outbox.onStored((answer, entry) => {
      if (entry.profileId !== partnerId) return;
      dispatch({ type: 'messages', messages: [answer.message] });
      applyCredits(queryClient, answer);
    });
  }, [partnerId, queryClient]);

  const entries = useOutboxEntries();
  const outgoing = useMemo(() => {
    const stored = new Set(state.messages.map((message) => message.client_id).filter(Boolean));
    return entries.filter((entry) => entry.profileId === partnerId && !stored.has(entry.clientId));
  }, [entries, state.messages, partnerId]);

  // Visible: the conversation is open (its messages are not unread) and read up to its newest message.
  const visible = usePageVisible();
  const wasHidden = useRef(false);
  useEffect(() => {
    if (!visible) {
      wasHidden.current = true;
      return;
    }
    if (wasHidden.current) {
      wasHidden.current = false;
      void resync();
    }
  }, [visible, resync]);

  useEffect(() => {
    if (conversation === null || !visible) return;
    setOpenConversation(conversation);
    return () => setOpenConversation(null);
  }, [conversation, visible]);

  const reported = useRef({ read: 0, delivered: 0 });
  const newestFromPartner = lastPartnerMessageId(state.messages);
  useEffect(() => {
    if (conversation === null || newestFromPartner === 0) return;
    if (visible && newestFromPartner > reported.current.read) {
      reported.current = { read: newestFromPartner, delivered: Math.max(reported.current.delivered, newestFromPartner) };
      void markConversationRead(conversation, newestFromPartner);
      sendLive({ type: 'read', conversation, up_to: newestFromPartner });
    } else if (!visible && newestFromPartner > reported.current.delivered) {
      reported.current = { ...reported.current, delivered: newestFromPartner };
      sendLive({ type: 'delivered', conversation, up_to: newestFromPartner });
    }
  }, [conversation, newestFromPartner, visible]);

  return {
    state,
    query: { isPending: query.isPending && !state.meta, error: state.meta ? null : query.error, refetch: () => void refetch() },
    outgoing,
    partnerTyping,
    loadingOlder,
    loadOlder,
    resync,
  };
}
