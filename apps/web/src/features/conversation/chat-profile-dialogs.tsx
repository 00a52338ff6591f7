import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { TChatAnswer } from '@cupido/shared/contracts/chats';
import { ServerError } from '../session/server-error';
import { useBlockProfile } from '../profiles/profile-calls';
import { PROFILES_NS, ProfilesTexts } from '../profiles/profiles-texts';
import { LazyReportDialog } from '../profiles/member/report-button';

export type ProfileDialog = 'block' | 'report';

export interface ChatProfileDialogsProps {
  dialog: ProfileDialog;
  partner: TChatAnswer['partner'];
  onHide: () => void;
  /** Blocking removes the conversation for both (spec section 4): the screen leaves it. */
  onBlocked: () => void;
}

/**
 * The conversation's Block and Report (of the partner's profile): the profile page's own dialogs,
 * calls and texts, so both screens say and do the same. A chunk of its own, loaded when one opens.
 */
export default function ChatProfileDialogs(props: ChatProfileDialogsProps) {
  return (
    <ProfilesTexts fallback={null}>
      <Dialogs {...props} />
    </ProfilesTexts>
  );
}

function Dialogs({ dialog, partner, onHide, onBlocked }: ChatProfileDialogsProps) {
  const { t } = useTranslation(PROFILES_NS);
  const block = useBlockProfile(String(partner.id));
  if (dialog === 'report') {
    return <LazyReportDialog show onHide={onHide} profileId={partner.id} title={t('report.title', { name: partner.name })} />;
  }
  const pending = block.isPending;
  return (
    <Modal show onHide={() => !pending && onHide()} centered aria-labelledby="chat-block-title" id="chat-block-confirm">
      <Modal.Header closeButton={!pending} closeLabel={t('common.close')}>
        <Modal.Title id="chat-block-title" className="h5">
          {t('member.blockConfirmTitle', { name: partner.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{t('member.blockConfirmText', { name: partner.name })}</p>
        <ServerError error={block.error} className="alert alert-danger mt-3 mb-0" />
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" disabled={pending} onClick={onHide}>
          {t('common.cancel')}
        </button>
        <button
          id="chat-block-yes"
          type="button"
          className="btn btn-danger"
          disabled={pending}
          onClick={() => block.mutate({ profileId: partner.id, block: true }, { onSuccess: onBlocked })}
        >
          {t('member.blockConfirmYes')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
