import type { QueryClient, QueryKey, Updater } from '@tanstack/react-query';

/**
 * Writes a save's answer into the query it changed. A read of the same query still on its way
 * (the screen's first load, a refetch on focus) was answered by the server before the save: if it
 * arrived afterwards it would put the old data back, and the screen would undo what the member
 * just saw saved. So that read is cancelled first; the answer of the save is the newer truth.
 * An updater that finds nothing to update (the cancelled read was the first) leaves the query
 * to load again rather than empty.
 *
 *   onSuccess: (answer) => writeSavedAnswer(queryClient, NOTIFICATION_SETTINGS_QUERY_KEY, answer),
 */
export async function writeSavedAnswer<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  answer: Updater<T | undefined, T | undefined>,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  if (queryClient.setQueryData<T>(queryKey, answer) === undefined) void queryClient.invalidateQueries({ queryKey, exact: true });
}
