import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@cupido/shared/rules/routes';
import { TIME_BONUS_NS } from './time-bonus-texts';
import { TIME_BONUS_MODAL_HOURS } from '@cupido/shared/rules/welcome-offer';

export interface TimeBonusModalProps {
  percent: number;
  timeLeft: string;
  /** Closing in any way (Escape, the backdrop, "Not now", the link) is the dismissal. */
  onClose: () => void;
}

/**
 * The time bonus modal (spec sections 4 and 9): the percentage, an act-fast text naming the 4
 * hours, and the way to /credits. react-bootstrap's Modal keeps the focus inside while open,
 * closes on Escape and a click on the backdrop, and gives the focus back on closing.
 */
export default function TimeBonusModal({ percent, timeLeft, onClose }: TimeBonusModalProps) {
  const { t } = useTranslation(TIME_BONUS_NS);
  const titleId = `${useId()}-title`;
  return (
    <Modal show onHide={onClose} centered aria-labelledby={titleId} id="time-bonus-modal" size="sm">
      <Modal.Header closeButton closeLabel={t('modal.close')}>
        <h2 id={titleId} className="h4 mb-0">
          {t('modal.title', { percent })}
        </h2>
      </Modal.Header>
      <Modal.Body className="text-center">
        <p className="display-5 fw-bold mb-2" aria-hidden="true">
          −{percent}%
        </p>
        <p>{t('modal.actFast', { percent, hours: TIME_BONUS_MODAL_HOURS })}</p>
        <p className="fw-semibold" id="time-bonus-modal-time-left">
          {t('modal.timeLeft', { timeLeft })}
        </p>
        <div className="d-grid gap-2">
          <Link id="time-bonus-modal-link" to={ROUTES.credits} className="btn btn-primary" onClick={onClose}>
            {t('modal.claim', { percent })}
          </Link>
          <button id="time-bonus-modal-later" type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('modal.later')}
          </button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
