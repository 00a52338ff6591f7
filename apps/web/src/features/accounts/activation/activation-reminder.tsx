import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { TUser } from '@cupido/shared/contracts/accounts';
import { routePath } from '@cupido/shared/rules/routes';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts-texts';
import { isSmartphone } from '../signup-launcher';
import { ResendActivation } from './resend-activation';

const SIGNUP_COMPLETE_PARAM = 'api_signup_complete';

/**
 * Spec section 4: until the member confirms the e-mail address, a reminder shows on the logged-in
 * pages; on smartphones, right after signup (?api_signup_complete), as a modal instead.
 */
export default function ActivationReminder({ user }: { user: TUser }) {
  return (
    <AccountsTexts fallback={null}>
      <Reminder user={user} />
    </AccountsTexts>
  );
}

function Reminder({ user }: { user: TUser }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const justSignedUp = params.has(SIGNUP_COMPLETE_PARAM);
  const [showModal, setShowModal] = useState(() => justSignedUp && isSmartphone());

  // The param has done its job once read: a reload or a shared link must not show the modal again.
  useEffect(() => {
    if (!justSignedUp) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SIGNUP_COMPLETE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [justSignedUp, setParams]);

  if (showModal) {
    return (
      <Modal
        id="activation-reminder-modal"
        show
        centered
        onHide={() => setShowModal(false)}
        aria-labelledby="activation-reminder-modal-title"
      >
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title as="h2" className="h5" id="activation-reminder-modal-title">
            {t('activation.modalTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-break">{t('activation.modalText', { email: user.email })}</p>
          <ResendActivation id="activation-reminder-modal-resend" email={user.email} />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-primary" onClick={() => setShowModal(false)}>
            {t('activation.modalOk')}
          </button>
        </Modal.Footer>
      </Modal>
    );
  }
  // The complete-signup page says all of this itself.
  if (pathname === routePath('complete-signup')) return null;
  return (
    <div className="container pt-3">
      {/* Compact on a phone (small text, less padding), so the page's own content still starts above the fold; a long address wraps instead of widening the page. */}
      <div id="activation-reminder" className="alert alert-warning mb-0 py-2 py-sm-3 d-sm-flex align-items-center gap-3" role="status">
        <p className="small mb-2 mb-sm-0 flex-grow-1 text-break">{t('activation.reminder', { email: user.email })}</p>
        <div>
          <ResendActivation id="activation-resend" email={user.email} />
        </div>
      </div>
    </div>
  );
}
