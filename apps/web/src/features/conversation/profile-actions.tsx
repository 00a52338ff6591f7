import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routePath } from '@cupido/shared/rules/routes';
import { lazyWithReload } from '../../platform/chunk-reload';
import { GiftIcon } from './chat-icons';
import { ConversationTexts, CONVERSATION_NS } from './conversation-texts';

// The gift picker and the outbox are a chunk of their own, fetched when the member is about to send a gift.
const ProfileGiftDialog = lazyWithReload(() => import('./profile-gift-dialog'));

const preloadGiftDialog = () =>
  void ProfileGiftDialog.preload().catch(() => {
    // Opening the dialog loads it again.
  });

/** The profile page's Message and Gift actions (spec section 2, profile view): to the chat, and a gift sent from here. */
export function ProfileChatActions({ profileId, name }: { profileId: number; name: string }) {
  return (
    <ConversationTexts>
      <Actions profileId={profileId} name={name} />
    </ConversationTexts>
  );
}

function Actions({ profileId, name }: { profileId: number; name: string }) {
  const { t } = useTranslation(CONVERSATION_NS);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Link id="member-message" to={routePath('members-id-chat', { id: profileId })} className="btn btn-primary btn-sm">
        {t('profile.message')}
      </Link>
      <button
        id="member-gift"
        type="button"
        // The icon within the line, not above it: as tall as its neighbours (issue 29: it stood taller).
        className="btn btn-outline-primary btn-sm d-inline-flex align-items-center gap-1"
        onPointerEnter={preloadGiftDialog}
        onFocus={preloadGiftDialog}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <GiftIcon size={16} />
        {t('profile.gift')}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <ProfileGiftDialog show={open} onHide={() => setOpen(false)} profileId={profileId} name={name} />
        </Suspense>
      )}
    </>
  );
}

// The app puts these in the profile page's slot as a lazy chunk (app/profile-chat-actions.tsx).
export default ProfileChatActions;
