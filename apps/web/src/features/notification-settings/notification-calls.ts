/**
 * The notification calls of the web app (issue 30), one hook each. Types come from the shared
 * contracts (`import type` only: no zod in these chunks).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationChannel, NotificationKind } from '@cupido/shared/rules/notifications';
import type { TNotificationSettingsAnswer, TUnsubscribeAnswer } from '@cupido/shared/contracts/notifications';
import { apiGet, request, type ApiError } from '../../api/client';
import { writeSavedAnswer } from '../session/saved-answer';
import { SESSION_QUERY_KEY } from '../session/use-session';

export const NOTIFICATION_SETTINGS_QUERY_KEY = ['notification-settings'] as const;

export function useNotificationSettings() {
  return useQuery<TNotificationSettingsAnswer, ApiError>({
    queryKey: NOTIFICATION_SETTINGS_QUERY_KEY,
    queryFn: () => apiGet<TNotificationSettingsAnswer>('/api/notification-settings.php'),
  });
}

export interface PreferenceChange {
  kind: NotificationKind;
  channel: NotificationChannel;
  enabled: boolean;
}

/**
 * PUT /api/notification-settings.php, one switch, saved at once: the switch shows the choice
 * while it is sent, and the answer (the whole table) replaces what was known.
 */
export function useSetNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation<TNotificationSettingsAnswer, ApiError, PreferenceChange>({
    mutationFn: (body) => request<TNotificationSettingsAnswer>('/api/notification-settings.php', { method: 'PUT', body }),
    onSuccess: (answer) => writeSavedAnswer(queryClient, NOTIFICATION_SETTINGS_QUERY_KEY, answer),
  });
}

/** POST /api/notifications-enable.php: mails on again after "unsubscribed in mail app". */
export function useEnableMails() {
  const queryClient = useQueryClient();
  return useMutation<TNotificationSettingsAnswer, ApiError, void>({
    mutationFn: () => request<TNotificationSettingsAnswer>('/api/notifications-enable.php', { method: 'POST', body: {} }),
    onSuccess: async (answer) => {
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      await writeSavedAnswer(queryClient, NOTIFICATION_SETTINGS_QUERY_KEY, answer);
    },
  });
}

export type UnsubscribeChoice = 'kind' | 'all' | 'undo';

/** POST /api/unsubscribe.php with the mail's token: no login needed, the token is the permission. */
export function useUnsubscribe(token: string) {
  return useMutation<TUnsubscribeAnswer, ApiError, UnsubscribeChoice>({
    mutationFn: (choice) =>
      request<TUnsubscribeAnswer>('/api/unsubscribe.php', {
        method: 'POST',
        query: { token },
        body: choice === 'all' ? { all: true } : choice === 'undo' ? { undo: true } : {},
      }),
  });
}
