import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TChatMessage } from '@cupido/shared/contracts/chats';
import { useLocale } from '../locale/use-locale';
import { CONVERSATION_NS } from './conversation-texts';
import { contentOfEntry, contentOfMessage, formatMessageTime, MessageBubble, type BubbleState } from './message-bubble';
import { lastPartnerMessageId, ownMessageState, type PartnerReceipts } from './message-list-state';
import type { OutboxEntry } from './outbox';

/** Near the top by this much, the next older page is asked for. */
const LOAD_OLDER_WITHIN_PX = 150;
/** Within this much of the bottom, the member counts as reading the newest messages (new ones follow). */
const AT_END_PX = 80;

type Row = { key: string; kind: 'message'; message: TChatMessage } | { key: string; kind: 'outgoing'; entry: OutboxEntry };

/** An own message keeps its key from pending to stored (its client id): the bubble stays, it is not replaced. */
function messageKey(message: TChatMessage): string {
  return message.from_me && message.client_id ? `c:${message.client_id}` : `m:${message.id}`;
}

interface RowBubbleProps {
  row: Row;
  state: BubbleState | undefined;
  partnerName: string;
  locale: string;
  onOpenImage: MessageListProps['onOpenImage'];
  onReport: MessageListProps['onReport'];
}

/**
 * One row's bubble, rendered again only when its message, state or words change. The list renders
 * again on every scroll and every measurement of the virtualiser (twice when a conversation opens,
 * in the task that shows it: issue 29, TBT); the bubbles it already shows stay as they are.
 */
const RowBubble = memo(function RowBubble({ row, state, partnerName, locale, onOpenImage, onReport }: RowBubbleProps) {
  if (row.kind === 'outgoing') {
    return (
      <MessageBubble
        content={contentOfEntry(row.entry)}
        fromMe
        partnerName={partnerName}
        time={formatMessageTime(row.entry.createdAt, locale)}
        state={state}
      />
    );
  }
  const { message } = row;
  return (
    <MessageBubble
      content={contentOfMessage(message)}
      fromMe={message.from_me}
      partnerName={partnerName}
      time={formatMessageTime(message.created_at, locale)}
      state={state}
      onOpenImage={onOpenImage}
      onReport={message.from_me ? undefined : () => onReport(message)}
    />
  );
}, sameRow);

/** A row is the same when it shows the same message or outbox entry (the rows array is new on every change). */
function sameRow(before: RowBubbleProps, after: RowBubbleProps): boolean {
  const same =
    before.row.kind === 'message'
      ? after.row.kind === 'message' && after.row.message === before.row.message
      : after.row.kind === 'outgoing' && after.row.entry === before.row.entry;
  return (
    same &&
    before.state === after.state &&
    before.partnerName === after.partnerName &&
    before.locale === after.locale &&
    before.onOpenImage === after.onOpenImage &&
    before.onReport === after.onReport
  );
}

export interface MessageListProps {
  messages: TChatMessage[];
  outgoing: OutboxEntry[];
  receipts: PartnerReceipts;
  partnerName: string;
  fictional: boolean;
  hasOlder: boolean;
  olderHidden: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onOpenImage: (image: { url: string; alt: string }) => void;
  onReport: (message: TChatMessage) => void;
}

/**
 * The messages, oldest at the top, in a virtualised list (@tanstack/react-virtual, end-anchored):
 * only the bubbles in view are in the page, so a long history scrolls smoothly. It opens at the
 * newest message and follows new ones while the member is at the bottom; scrolled up, a 'New
 * messages' pill appears instead. Near the top it asks for the older page, and the message in view
 * stays where it is when that page is put above it.
 */
export function MessageList(props: MessageListProps) {
  const { messages, outgoing, receipts, partnerName, fictional, hasOlder, olderHidden, loadingOlder, onLoadOlder, onOpenImage, onReport } =
    props;
  const { t } = useTranslation(CONVERSATION_NS);
  const { locale } = useLocale();
  const scrollRef = useRef<HTMLDivElement>(null);

  const rows = useMemo<Row[]>(
    () => [
      ...messages.map((message) => ({ key: messageKey(message), kind: 'message' as const, message })),
      ...outgoing
        .filter((entry) => entry.status !== 'refused')
        .map((entry) => ({ key: `c:${entry.clientId}`, kind: 'outgoing' as const, entry })),
    ],
    [messages, outgoing],
  );

  // The notice above the messages (loading older ones, the privacy notice, the start) is the list's
  // top padding, not a row: the end anchor keeps a message in place when older ones come in above it.
  const topRef = useRef<HTMLDivElement>(null);
  const [topHeight, setTopHeight] = useState(0);
  useLayoutEffect(() => {
    const top = topRef.current;
    if (!top) return;
    const measure = () => setTopHeight(top.offsetHeight);
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(top);
    return () => observer.disconnect();
  }, []);

  // The virtualiser's API is a mutable object the compiler cannot memoise around: this component is
  // left uncompiled on purpose (it re-renders on scroll anyway).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 72,
    paddingStart: topHeight,
    getItemKey: (index) => rows[index]!.key,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: AT_END_PX,
    overscan: 8,
  });

  // Opens at the newest message, once there is something to show.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || rows.length === 0) return;
    opened.current = true;
    virtualizer.scrollToEnd();
  }, [rows.length, virtualizer]);

  // The member's own new message always comes into view; the partner's only when at the bottom (else the pill).
  const [pill, setPill] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<{ outgoing: string | undefined; partner: number } | null>(null);
  const newestOutgoing = outgoing.at(-1)?.clientId;
  const newestPartner = lastPartnerMessageId(messages);
  const summaryOf = useCallback(
    (message: TChatMessage) =>
      message.kind === 'gift' && message.gift
        ? t(`gifts.${message.gift}`)
        : message.kind === 'image'
          ? t('messages.image', { name: partnerName })
          : (message.text ?? ''),
    [t, partnerName],
  );
  useEffect(() => {
    if (messages.length + outgoing.length === 0) return;
    const before = seen.current;
    seen.current = { outgoing: newestOutgoing, partner: newestPartner };
    if (!before) return; // the first page: it opens at the end anyway
    if (newestOutgoing && newestOutgoing !== before.outgoing) {
      virtualizer.scrollToEnd();
      setPill(false);
    } else if (newestPartner > before.partner) {
      if (!virtualizer.isAtEnd(AT_END_PX)) setPill(true);
      // Screen readers hear a new message of the partner (the list itself is not a live region: scrolling adds rows).
      const message = messages.find((m) => m.id === newestPartner);
      if (message) setAnnouncement(t('messages.incoming', { name: partnerName, text: summaryOf(message) }));
    }
  }, [newestOutgoing, newestPartner, messages, outgoing.length, virtualizer, t, partnerName, summaryOf]);

  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    if (element.scrollTop <= LOAD_OLDER_WITHIN_PX && hasOlder && !loadingOlder) onLoadOlder();
    if (virtualizer.isAtEnd(AT_END_PX)) setPill(false);
  }, [hasOlder, loadingOlder, onLoadOlder, virtualizer]);

  // A first page shorter than the screen cannot be scrolled: its older page is asked for at once.
  useEffect(() => {
    const element = scrollRef.current;
    if (element && hasOlder && !loadingOlder && element.scrollHeight <= element.clientHeight + LOAD_OLDER_WITHIN_PX && messages.length > 0)
      onLoadOlder();
  }, [hasOlder, loadingOlder, messages.length, onLoadOlder]);

  const showNewest = () => {
    virtualizer.scrollToEnd({ behavior: 'smooth' });
    setPill(false);
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div className="chat-messages-wrap">
      <div
        ref={scrollRef}
        className="chat-messages"
        role="region"
        aria-label={t('messages.label', { name: partnerName })}
        tabIndex={0}
        onScroll={onScroll}
        id="chat-messages"
      >
        <div className="chat-messages__list" style={{ height: virtualizer.getTotalSize() }}>
          <div ref={topRef} className="chat-messages__top">
            <TopRow
              hasOlder={hasOlder}
              olderHidden={olderHidden}
              loadingOlder={loadingOlder}
              empty={messages.length + outgoing.length === 0}
              partnerName={partnerName}
            />
          </div>
          <ol className="list-unstyled mb-0">
            {items.map((item) => {
              const row = rows[item.index]!;
              return (
                <li
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  className={`chat-row chat-row--${row.kind}`}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <RowBubble
                    row={row}
                    state={
                      row.kind === 'message'
                        ? row.message.from_me
                          ? ownMessageState(row.message, receipts, fictional)
                          : undefined
                        : row.entry.status === 'waiting'
                          ? 'waiting'
                          : 'sending'
                    }
                    partnerName={partnerName}
                    locale={locale}
                    onOpenImage={onOpenImage}
                    onReport={onReport}
                  />
                </li>
              );
            })}
          </ol>
        </div>
      </div>
      <div className="visually-hidden" aria-live="polite" id="chat-announcement">
        {announcement}
      </div>
      {pill && (
        <button
          type="button"
          id="chat-new-messages"
          className="chat-new-messages btn btn-primary btn-sm rounded-pill shadow"
          onClick={showNewest}
        >
          {t('messages.newMessages')} <span aria-hidden="true">↓</span>
        </button>
      )}
    </div>
  );
}

function TopRow({
  hasOlder,
  olderHidden,
  loadingOlder,
  empty,
  partnerName,
}: {
  hasOlder: boolean;
  olderHidden: boolean;
  loadingOlder: boolean;
  empty: boolean;
  partnerName: string;
}) {
  const { t } = useTranslation(CONVERSATION_NS);
  if (hasOlder) {
    return (
      <p className="chat-top text-body-secondary small text-center mb-0" aria-live="polite">
        {loadingOlder && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {loadingOlder ? t('messages.loadingOlder') : ''}
      </p>
    );
  }
  return (
    <div className="chat-top text-center small text-body-secondary">
      {olderHidden && (
        <p id="chat-older-hidden" className="chat-privacy-notice mb-1">
          <span aria-hidden="true">🔒 </span>
          {t('messages.olderHidden')}
        </p>
      )}
      <p className="mb-0">{empty ? t('messages.empty', { name: partnerName }) : t('messages.start')}</p>
    </div>
  );
}
