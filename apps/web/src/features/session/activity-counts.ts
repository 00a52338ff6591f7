import { createContext, useContext } from 'react';

export interface ActivityCounts {
  unreadMessages: number;
  newLikes: number;
}

export const NO_ACTIVITY: ActivityCounts = { unreadMessages: 0, newLikes: 0 };

/**
 * Unread messages and new likes for the navigation badges and the page-title prefix. Chats and
 * likes arrive in later issues; until their provider exists every count is 0.
 */
export const ActivityCountsContext = createContext<ActivityCounts>(NO_ACTIVITY);

export function useActivityCounts(): ActivityCounts {
  return useContext(ActivityCountsContext);
}
