import { useId, useState, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { GIFTS, type GiftCode } from '@cupido/shared/rules/gifts';
import { CONVERSATION_NS } from './conversation-texts';
import { GiftArt } from './message-bubble';
import { MissingCredits, missingCredits } from './missing-credits';

export interface GiftPickerProps {
  show: boolean;
  onHide: () => void;
  partnerName: string;
  /** The site's gift_credits. */
  price: number;
  /** The same credits in money at the best package ('€2.09'), when known. */
  money?: string | null;
  /** The member's credits: below the price Send is off and the missing credits show (issue 29). */
  balance?: number;
  onSend: (gift: GiftCode) => void;
  /** Shown under the gifts (e.g. the profile page's 'on its way' or a refusal), instead of the Send button when given. */
  status?: ReactNode;
  sending?: boolean;
}

/**
 * The gift picker (issue 12): the catalogue's gifts with their Twemoji artwork and translated names,
 * as a group of toggle buttons; Send sends the chosen one (it costs the site's gift_credits, said
 * at the top). Escape or Close closes it; the focus returns to the button that opened it.
 */
export function GiftPicker({ show, onHide, partnerName, price, money = null, balance, onSend, status, sending = false }: GiftPickerProps) {
  const { t } = useTranslation(CONVERSATION_NS);
  const titleId = `${useId()}-title`;
  const [chosen, setChosen] = useState<GiftCode | null>(null);
  const short = balance !== undefined && missingCredits(price, balance) > 0;
  const close = () => {
    setChosen(null);
    onHide();
  };
  return (
    <Modal show={show} onHide={close} centered aria-labelledby={titleId} id="gift-picker">
      <Modal.Header closeButton closeLabel={t('giftPicker.close')}>
        <Modal.Title id={titleId} className="h5">
          {t('giftPicker.title', { name: partnerName })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id="gift-price" className="small text-body-secondary">
          {money ? t('giftPicker.introWithMoney', { count: price, money }) : t('giftPicker.intro', { count: price })}
        </p>
        {short && <MissingCredits id="gift-missing-credits" price={price} balance={balance ?? 0} className="mb-3" />}
        <div className="gift-grid" role="group" aria-label={t('giftPicker.choose')}>
          {GIFTS.map(({ code }) => (
            <button
              key={code}
              type="button"
              id={`gift-${code}`}
              className={`gift-grid__item btn ${chosen === code ? 'btn-primary' : 'btn-outline-secondary'}`}
              aria-pressed={chosen === code}
              disabled={sending}
              onClick={() => setChosen(code)}
            >
              <GiftArt gift={code} size={40} />
              <span className="gift-grid__name">{t(`gifts.${code}`)}</span>
            </button>
          ))}
        </div>
        {/* Twemoji's licence (CC-BY 4.0) asks for the attribution where the artwork shows. */}
        <p className="small text-body-secondary mt-3 mb-0">{t('giftPicker.credit')}</p>
        {status && (
          <div className="mt-3" aria-live="polite">
            {status}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={close}>
          {t('giftPicker.close')}
        </button>
        <button
          id="gift-send"
          type="button"
          className="btn btn-primary"
          disabled={!chosen || sending || short}
          onClick={() => {
            if (!chosen || short) return;
            onSend(chosen);
            setChosen(null);
          }}
        >
          {sending ? t('giftPicker.sending') : chosen ? t('giftPicker.send', { gift: t(`gifts.${chosen}`) }) : t('giftPicker.sendPlain')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
