import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { graphemeLength } from '@cupido/shared/rules/chats';
import { PHOTO_ACCEPT } from '@cupido/shared/rules/photos';
import { routePath } from '@cupido/shared/rules/routes';
import { CameraIcon, GiftIcon } from './chat-icons';
import { CONVERSATION_NS } from './conversation-texts';
import { MissingCredits, missingCredits } from './missing-credits';
import { PhotoPreviewDialog } from './photo-preview-dialog';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';

export interface SendFooterProps {
  partnerName: string;
  text: string;
  onTextChange: (text: string) => void;
  onSend: (text: string) => void;
  /** A photo the member chose to send after its preview (never on picking it). */
  onPhoto: (file: File) => void;
  onOpenGifts: () => void;
  /** The site's message_length, in characters as seen (graphemes). */
  maxLength: number;
  prices: { message: number; image: number; gift: number };
  /** The member's credits: below a price, its Send is off and the missing credits show. */
  balance: number;
  /** The best package's price of one message ('£0.35'), when the packages are known. */
  moneyPerMessage: string | null;
  /** The photo's credits in money at the same rate, when known. */
  photoMoney: string | null;
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
export function SendFooter(props: SendFooterProps) {
  const {
    partnerName,
    text,
    onTextChange,
    onSend,
    onPhoto,
    onOpenGifts,
    maxLength,
    prices,
    balance,
    moneyPerMessage,
    photoMoney,
    blocked,
    focusRequest = 0,
  } = props;
  const { t } = useTranslation(CONVERSATION_NS);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const area = useGrowingTextArea(text);
  const fileInput = useRef<HTMLInputElement>(null);
  const length = graphemeLength(text);
  const tooLong = length > maxLength;
  const empty = text.trim() === '';
  const disabled = !!blocked;
  // Below the price Send is off before the server would answer 402 (issue 29); the text can still be written.
  const short = !disabled && missingCredits(prices.message, balance) > 0;
  const [picked, setPicked] = useState<File | null>(null);
  useEffect(() => {
    if (focusRequest > 0) area.current?.focus();
  }, [focusRequest, area]);

  const send = () => {
    if (disabled || short || empty || tooLong) return;
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

  const hints = [
    'chat-text-counter',
    'chat-price',
    short ? 'chat-missing-credits' : null,
    desktop ? 'chat-enter-hint' : null,
    tooLong ? 'chat-too-long' : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <>
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
                // Picked is not sent: the preview with its price asks first (issue 29).
                if (file) setPicked(file);
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
          <button
            id="chat-send"
            type="submit"
            className="btn btn-primary chat-footer__send"
            disabled={disabled || short || empty || tooLong}
          >
            {t('footer.send')}
          </button>
        </div>
        {short && <MissingCredits id="chat-missing-credits" price={prices.message} balance={balance} className="mt-1" />}
        <div className="chat-footer__info small text-body-secondary">
          {/* '10 credits · from £0.35 per message': the best package's price, linking to the packages (issue 29). */}
          <span id="chat-price">
            {moneyPerMessage ? t('footer.credits', { count: prices.message }) : t('footer.price', { count: prices.message })}
            {moneyPerMessage && (
              <>
                {' · '}
                <Link id="send-footer-price" to={routePath('credits')}>
                  {t('footer.fromPrice', { money: moneyPerMessage })}
                </Link>
              </>
            )}
          </span>
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
      <PhotoPreviewDialog
        file={picked}
        partnerName={partnerName}
        price={prices.image}
        money={photoMoney}
        balance={balance}
        onCancel={() => setPicked(null)}
        onSend={(file) => {
          setPicked(null);
          onPhoto(file);
        }}
      />
    </>
  );
}
