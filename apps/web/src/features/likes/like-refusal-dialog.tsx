import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { LikeDialog } from './like-dialogs';
import LikeLimitNoticeView from './like-limit-notice-view';
import { LIKES_NS, LikesTexts } from './likes-texts';

export interface LikeRefusalDialogProps {
  dialog: Extract<LikeDialog, { kind: 'limit' | 'refused' }>;
  onClose: () => void;
}

/** A refused like: the daily limit with its countdown, or the server's word on too many likes at once. */
function Refusal({ dialog, onClose }: LikeRefusalDialogProps) {
  const { t } = useTranslation(LIKES_NS);
  const titleId = `${useId()}-title`;
  return (
    <Modal show onHide={onClose} centered aria-labelledby={titleId} id="like-refusal-dialog">
      <Modal.Header closeButton closeLabel={t('match.close')}>
        <Modal.Title id={titleId} className="h5">
          {dialog.kind === 'limit' ? t('limit.title') : t('limit.refusedTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {dialog.kind === 'limit' ? (
          <LikeLimitNoticeView variant={dialog.variant} resetAt={dialog.resetAt} />
        ) : (
          <p className="mb-0" role="status">
            {dialog.message}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('match.close')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}

export default function LikeRefusalDialog(props: LikeRefusalDialogProps) {
  return (
    <LikesTexts>
      <Refusal {...props} />
    </LikesTexts>
  );
}
