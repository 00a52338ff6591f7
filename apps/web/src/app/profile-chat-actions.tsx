import { Suspense, type ReactNode } from 'react';
import { ProfileChatActionsContext } from '../features/profiles/member/profile-chat-actions-slot';
import { lazyWithReload } from '../platform/chunk-reload';

/**
 * Fills the profile page's chat-actions slot with the conversation feature's actions, as a chunk of
 * their own (the shell does not carry the chat). The profile page's chunk asks for it as it loads
 * (preloadProfileChatActions in router.tsx), so the buttons come with the page, not after it.
 */
const ProfileChatActionsChunk = lazyWithReload(() => import('../features/conversation/profile-actions'));

export function preloadProfileChatActions(): void {
  ProfileChatActionsChunk.preload().catch(() => {
    // Rendering loads it again.
  });
}

function renderProfileChatActions(props: { profileId: number; name: string }) {
  return (
    <Suspense fallback={null}>
      <ProfileChatActionsChunk {...props} />
    </Suspense>
  );
}

export function ProfileChatActionsProvider({ children }: { children: ReactNode }) {
  return <ProfileChatActionsContext.Provider value={renderProfileChatActions}>{children}</ProfileChatActionsContext.Provider>;
}
