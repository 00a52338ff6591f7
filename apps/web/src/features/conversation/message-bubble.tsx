import { useTranslation } from 'react-i18next';
import type { TChatMessage } from '@cupido/shared/contracts/chats';
import type { MessageState } from '@cupido/shared/rules/chats';
import type { GiftCode } from '@cupido/shared/rules/gifts';
import { dateTimeFormat } from '../../i18n/intl-formats';
import { CONVERSATION_NS } from './conversation-texts';
import { GIFT_ART } from './gift-art';
import type { OutboxEntry } from './outbox';

/** How an own message is doing: stored states from the server, or the outbox's while it is on its way. */
export type BubbleState = MessageState | 'sending' | 'waiting';

/** The time of a message: hours and minutes today, with the date before that. */
export function formatMessageTime(iso: string, locale: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === now.toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: '2-digit', minute: '2-digit' }
    : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
  return dateTimeFormat(locale, options).format(date);
}

const STATE_ICONS: Record<BubbleState, string> = {
  sending: '🕓',
  waiting: '⚠',
  sent: '✓',
  delivered: '✓✓',
  read: '✓✓',
};

/** Sent, delivered, read (or sending, waiting): an icon, and the word for screen readers and on hover. */
export function MessageStateMark({ state }: { state: BubbleState }) {
  const { t } = useTranslation(CONVERSATION_NS);
  const label = t(`messages.state.${state}`);
  return (
    <span className={`chat-state chat-state--${state}`} title={label} data-state={state}>
      <span aria-hidden="true">{STATE_ICONS[state]}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export function GiftArt({ gift, size = 56 }: { gift: GiftCode; size?: number }) {
  return <img className="chat-gift__art" src={GIFT_ART[gift]} alt="" width={size} height={size} />;
}

interface BubbleContent {
  kind: TChatMessage['kind'];
  text: string | null;
  gift: GiftCode | null;
  image: { thumb_url: string; url: string; width: number; height: number } | null;
  /** A pending image's local preview. */
  preview?: string;
}

export interface MessageBubbleProps {
  content: BubbleContent;
  fromMe: boolean;
  partnerName: string;
  time: string;
  state?: BubbleState;
  onOpenImage?: (image: { url: string; alt: string }) => void;
  onReport?: () => void;
}

/** One message: its text, image or gift, the time, and the state (own) or a report button (partner's). */
export function MessageBubble({ content, fromMe, partnerName, time, state, onOpenImage, onReport }: MessageBubbleProps) {
  const { t } = useTranslation(CONVERSATION_NS);
  const giftName = content.gift ? t(`gifts.${content.gift}`) : '';
  const imageAlt = fromMe ? t('messages.imageOwn') : t('messages.image', { name: partnerName });
  return (
    <div className={`chat-bubble ${fromMe ? 'chat-bubble--own' : 'chat-bubble--partner'} chat-bubble--${content.kind}`} data-state={state}>
      <span className="visually-hidden">{fromMe ? t('messages.you') : partnerName}: </span>
      {content.kind === 'text' && <p className="chat-bubble__text mb-0">{content.text}</p>}
      {content.kind === 'gift' && content.gift && (
        <p className="chat-gift mb-0">
          <GiftArt gift={content.gift} />
          <span className="chat-gift__name">
            {fromMe ? t('messages.giftOwn', { gift: giftName }) : t('messages.giftFrom', { name: partnerName, gift: giftName })}
          </span>
        </p>
      )}
      {content.kind === 'image' &&
        (content.image ? (
          <button
            type="button"
            className="chat-image btn p-0 border-0"
            onClick={() => onOpenImage?.({ url: content.image!.url, alt: imageAlt })}
            aria-label={t('messages.openImage')}
          >
            <img
              src={content.image.thumb_url}
              alt={imageAlt}
              width={content.image.width}
              height={content.image.height}
              loading="lazy"
              decoding="async"
            />
          </button>
        ) : content.preview ? (
          <img className="chat-image chat-image--pending" src={content.preview} alt={imageAlt} />
        ) : (
          <p className="mb-0 fst-italic">{imageAlt}</p>
        ))}
      <div className="chat-bubble__meta">
        <span className="chat-bubble__time">{time}</span>
        {fromMe && state && <MessageStateMark state={state} />}
        {!fromMe && onReport && (
          <button
            type="button"
            className="chat-bubble__report btn btn-link btn-sm p-0"
            onClick={onReport}
            aria-label={t('messages.reportLabel')}
          >
            {t('messages.report')}
          </button>
        )}
      </div>
    </div>
  );
}

/** The bubble of a message still in the outbox. */
export function contentOfEntry(entry: OutboxEntry): BubbleContent {
  return { kind: entry.kind, text: entry.text, gift: entry.gift, image: null, preview: entry.previewUrl };
}

export function contentOfMessage(message: TChatMessage): BubbleContent {
  return { kind: message.kind, text: message.text, gift: message.gift, image: message.image };
}
