import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts-texts';
import { SignupForm } from './signup-form';

/** The desktop signup modal (id signup-modal). While the request runs, neither backdrop nor Escape closes it. */
export default function SignupModal({ profileId, onClose }: { profileId?: number; onClose: () => void }) {
  return (
    <AccountsTexts fallback={null}>
      <SignupDialog profileId={profileId} onClose={onClose} />
    </AccountsTexts>
  );
}

function SignupDialog({ profileId, onClose }: { profileId?: number; onClose: () => void }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const [submitting, setSubmitting] = useState(false);
  return (
    <Modal
      id="signup-modal"
      show
      centered
      onHide={() => !submitting && onClose()}
      backdrop={submitting ? 'static' : true}
      keyboard={!submitting}
      aria-labelledby="signup-modal-title"
    >
      <Modal.Header closeButton={!submitting} closeLabel={t('common.close')}>
        <Modal.Title as="h2" className="h4" id="signup-modal-title">
          {t('signup.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <SignupForm profileId={profileId} onSubmittingChange={setSubmitting} onLeave={onClose} />
      </Modal.Body>
    </Modal>
  );
}
