import { createContext, useContext, type ReactNode } from 'react';

/**
 * The profile page's chat actions (Send a message, Send a gift) come from the conversation feature,
 * which sits above profiles (it uses profiles' calls and report dialog). So profiles leaves a slot
 * here and the app fills it (app/profile-chat-actions.tsx): no import from profiles up to the chat.
 */
export type RenderProfileChatActions = (props: { profileId: number; name: string }) => ReactNode;

export const ProfileChatActionsContext = createContext<RenderProfileChatActions | null>(null);

/** Renders the chat actions the app put in the slot, or null (nothing is shown). */
export function useProfileChatActions(): RenderProfileChatActions | null {
  return useContext(ProfileChatActionsContext);
}
