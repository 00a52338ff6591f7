import { useEffect, useLayoutEffect, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphemeLength } from '@cupido/shared/chat-rules';
import { PHOTO_ACCEPT } from '@cupido/shared/photo-rules';
import { CameraIcon, GiftIcon } from './chat-icons';
import { CONVERSATION_NS } from './conversation-texts';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';

export interface SendFooterProps {
  partnerName: string;
  text: string;
  onTextChange: (text: string) => void;
  onSend: (text: string) => void;
  onPhoto: (file: File) => void;
  onOpenGifts: () => void;
  /** The site's message_length, in characters as seen (graphemes). */
  maxLength: number;
  prices: { message: number; image: number; gift: number };
  /** The real-money price of one message, formatted ('€1.49'), when the site names one for the member's country. */
  moneyPrice: string | null;
  /** Why nothing can be sent here now; the footer is disabled and says it. */
  blocked?: ReactNode;
  /** A new value moves the focus into the text box (after an icebreaker filled it, say). */
  focusRequest?: number;
}

/** The text area grows with what is written, up to the limit its CSS sets. */
function useGrowingTextArea(text: string) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const area = ref.current;
    if (!area) return;
    area.style.height = 'auto';
    if (area.scrollHeight > 0) area.style.height = `${area.scrollHeight}px`;
  }, [text]);
  return ref;
}

/**
 * The send footer (spec section 2): a growing text area with its label and a counter of characters
 * as seen against the site's message length, the price of a message in credits and money next to
 * the Send button (trust.md), and buttons for a photo and a gift. On a computer Enter sends and
 * Shift+Enter starts a new line; the Send button is always there (the only way on a phone, where
 * Enter starts a new line).
 */
export function SendFooter({ partnerName, text, onTextChange, onSend, onPhoto, onOpenGifts, maxLength, prices, moneyPrice, blocked, focusRequest = 0 }: SendFooterProps) {
  const { t } = useTranslation(CONVERSATION_NS);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const area = useGrowingTextArea(text);
  const fileInput = useRef<HTMLInputElement>(null);
  const length = graphemeLength(text);
  const tooLong = length > maxLength;
  const empty = text.trim() === '';
  const disabled = !!blocked;
  useEffect(() => {
    if (focusRequest > 0) area.current?.focus();
  }, [focusRequest, area]);

  const send = () => {
    if (disabled || empty || tooLong) return;
    onSend(text);
    area.current?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || !desktop) return;
    event.preventDefault();
    send();
  };

  const hints = ['chat-text-counter', 'chat-price', desktop ? 'chat-enter-hint' : null, tooLong ? 'chat-too-long' : null].filter(Boolean).join(' ');
  return (
    <form className="chat-footer" onSubmit={submit} noValidate aria-label={t('footer.label', { name: partnerName })}>
      {blocked && (
        <div id="chat-send-blocked" className="alert alert-secondary small py-2 mb-2" role="status">
          {blocked}
        </div>
      )}
      <label htmlFor="chat-text" className="visually-hidden">
        {t('footer.label', { name: partnerName })}
      </label>
      <div className="chat-footer__row">
        <div className="chat-footer__tools">
          <button
            type="button"
            id="chat-photo"
            className="btn btn-outline-secondary chat-footer__tool"
            disabled={disabled}
            onClick={() => fileInput.current?.click()}
            aria-label={t('footer.photoPrice', { count: prices.image })}
            title={t('footer.photoPrice', { count: prices.image })}
          >
            <CameraIcon />
          </button>
          <input
            ref={fileInput}
            id="chat-photo-file"
            type="file"
            accept={PHOTO_ACCEPT}
            className="d-none"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onPhoto(file);
            }}
          />
          <button
            type="button"
            id="chat-gift"
            className="btn btn-outline-secondary chat-footer__tool"
            disabled={disabled}
            onClick={onOpenGifts}
            aria-label={t('footer.giftPrice', { count: prices.gift })}
            title={t('footer.giftPrice', { count: prices.gift })}
          >
            <GiftIcon />
          </button>
        </div>
        <textarea
          ref={area}
          id="chat-text"
          className={`form-control chat-footer__text${tooLong ? ' is-invalid' : ''}`}
          rows={1}
          value={text}
          placeholder={t('footer.placeholder')}
          disabled={disabled}
          aria-describedby={hints}
          aria-invalid={tooLong || undefined}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={onKeyDown}
          enterKeyHint={desktop ? 'send' : 'enter'}
        />
        <button id="chat-send" type="submit" className="btn btn-primary chat-footer__send" disabled={disabled || empty || tooLong}>
          {t('footer.send')}
        </button>
      </div>
      <div className="chat-footer__info small text-body-secondary">
        <span id="chat-price">{moneyPrice ? t('footer.priceWithMoney', { count: prices.message, money: moneyPrice }) : t('footer.price', { count: prices.message })}</span>
        <span id="chat-text-counter" className={tooLong ? 'text-danger' : undefined}>
          {t('footer.counter', { length, max: maxLength })}
        </span>
      </div>
      {desktop && (
        <p id="chat-enter-hint" className="visually-hidden">
          {t('footer.enterHint')}
        </p>
      )}
      {tooLong && (
        <p id="chat-too-long" className="invalid-feedback d-block mb-0">
          {t('footer.tooLong', { max: maxLength })}
        </p>
      )}
    </form>
  );
}
