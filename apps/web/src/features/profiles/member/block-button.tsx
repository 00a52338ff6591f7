import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../session/server-error';
import { useBlockProfile } from '../profile-calls';
import { PROFILES_NS } from '../profiles-texts';

/**
 * Block and unblock (spec section 4). Blocking deletes the chats and likes between the two and
 * hides this member's profile from the other, so it asks once (this dialog); the page's blocked
 * notice then confirms it, and unblocking takes one click.
 */
export function BlockButton({ id, profileId, name, blocked }: { id: string; profileId: number; name: string; blocked: boolean }) {
  const { t } = useTranslation(PROFILES_NS);
  const [confirming, setConfirming] = useState(false);
  const [changed, setChanged] = useState(false);
  const block = useBlockProfile(id);

  const send = (next: boolean) =>
    block.mutate(
      { profileId, block: next },
      {
        onSuccess: () => {
          setConfirming(false);
          setChanged(true);
        },
      },
    );

  return (
    <div className="d-flex flex-column align-items-start gap-2">
      {blocked ? (
        <button
          id="member-unblock"
          type="button"
          className="btn btn-outline-secondary btn-sm"
          disabled={block.isPending}
          onClick={() => send(false)}
        >
          {t('member.unblock')}
        </button>
      ) : (
        <button
          id="member-block"
          type="button"
          className="btn btn-outline-danger btn-sm"
          disabled={block.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('member.block')}
        </button>
      )}
      <div aria-live="polite">
        {/* Once blocked, the page's blocked notice says so: one confirmation, not two. */}
        {changed && !blocked && !block.isPending && (
          <div id="member-block-state" className="small text-body-secondary">
            {t('member.unblocked', { name })}
          </div>
        )}
      </div>
      {!confirming && <ServerError error={block.error} id="member-block-error" className="alert alert-danger py-2 mb-0" />}
      <Modal
        show={confirming}
        onHide={() => !block.isPending && setConfirming(false)}
        centered
        aria-labelledby="block-confirm-title"
        id="block-confirm"
      >
        <Modal.Header closeButton={!block.isPending} closeLabel={t('common.close')}>
          <Modal.Title id="block-confirm-title" className="h5">
            {t('member.blockConfirmTitle', { name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{t('member.blockConfirmText', { name })}</p>
          <ServerError error={block.error} className="alert alert-danger mt-3 mb-0" />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" disabled={block.isPending} onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </button>
          <button id="block-confirm-submit" type="button" className="btn btn-danger" disabled={block.isPending} onClick={() => send(true)}>
            {t('member.blockConfirmYes')}
          </button>
        </Modal.Footer>
      </Modal>
    </div>
  );
}
