import { useEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ActivityCountsContext, useActivityCounts } from '../session/activity-counts';
import { useSession } from '../session/use-session';
import { useChatsQuery } from './chat-calls';
import { bindChatsClient } from './chats-store';
import { useLiveChannel } from './use-live-channel';

/**
 * Chats in the shell: the member's unread messages go into the activity counts (the Messages
 * badge, the page-title prefix and the app badge read them), and the tab's live channel opens for
 * a member once the first screen settled (its chunk is lazy) and closes on logout.
 * It sits around LikesProvider, whose AppBadge shows the sum of both counts.
 * Visitors have no chats (the query is off for them) and no channel.
 */
export function ChatsProvider({ children }: { children: ReactNode }) {
  const around = useActivityCounts();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const unreadMessages = Math.max(0, useChatsQuery().data?.unread_total ?? 0);
  useEffect(() => bindChatsClient(queryClient), [queryClient]);
  useLiveChannel(user?.id ?? null);
  const counts = useMemo(() => ({ ...around, unreadMessages }), [around, unreadMessages]);
  return <ActivityCountsContext.Provider value={counts}>{children}</ActivityCountsContext.Provider>;
}
