/**
 * The account calls of the web app, one mutation hook each. Errors are ApiErrors with the
 * server's translated message and field; the QueryClient logs out silently on
 * authentication_required (features/session/query-client.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteReason } from '@cupido/shared/rules/accounts';
import type { TMailChangeAnswer, TSignupRequest, TUser } from '@cupido/shared/contracts/accounts';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { routePath } from '@cupido/shared/rules/routes';
import { apiPost, type ApiError } from '../../api/client';
import { SESSION_QUERY_KEY } from '../session/use-session';

type UserAnswer = { user: TUser };
type Sent = { sent: true };
type Ok = { ok: true };

/** A call whose answer is the (new) logged-in member: it becomes the session at once. */
function useUserCall<TBody>(path: string) {
  const queryClient = useQueryClient();
  return useMutation<UserAnswer, ApiError, TBody>({
    mutationFn: (body) => apiPost<UserAnswer>(path, body),
    onSuccess: ({ user }) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}

function usePostCall<TBody, TAnswer>(path: string) {
  return useMutation<TAnswer, ApiError, TBody>({ mutationFn: (body) => apiPost<TAnswer>(path, body) });
}

export const useLogin = () => useUserCall<{ email: string; password: string }>('/api/user.php');
export const useSignup = () => useUserCall<TSignupRequest>('/api/signup.php');
export const useResetPassword = () =>
  useUserCall<{ token: string; password: string; password_confirmation: string }>('/api/reset-password-do.php');
export const useChangeEmail = () => useUserCall<{ email: string; current_password: string }>('/api/email.php');
/** The answer's user is whoever is logged in here (a link never replaces another member's session). */
export function useConfirmMailChange() {
  const queryClient = useQueryClient();
  return useMutation<TMailChangeAnswer, ApiError, { token: string }>({
    mutationFn: (body) => apiPost<TMailChangeAnswer>('/api/mail-change-do.php', body),
    onSuccess: ({ user }) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}

export const useSendActivationMail = () => usePostCall<Record<string, never>, Sent>('/api/activation-mail.php');
export const useSendReactivationMail = () => usePostCall<{ email: string; language?: LocaleCode }, Sent>('/api/reactivation-mail.php');
export const useRequestPasswordReset = () => usePostCall<{ email: string; language?: LocaleCode }, Sent>('/api/reset-password.php');
/** "This was not me": the server ended every session of the account, this browser's too. */
export function useNotMe() {
  const queryClient = useQueryClient();
  return useMutation<{ locked: true; email: string }, ApiError, { token: string }>({
    mutationFn: (body) => apiPost<{ locked: true; email: string }>('/api/not-me.php', body),
    onSuccess: () => queryClient.setQueryData(SESSION_QUERY_KEY, null),
  });
}
export const useChangePassword = () => usePostCall<{ old_password: string; new_password: string }, Ok>('/api/password.php');

/**
 * After the server ended the session: a full page load of `to`. It drops every cached piece of
 * the member at once, and no members-area guard or logged-in redirect can race the navigation
 * (a client-side navigate to a lazy page commits later than the session change would).
 */
function useEndSession() {
  return (to: string) => {
    window.location.assign(to);
  };
}

/**
 * Logout goes to / (spec section 2). This browser's push subscription goes first, while the
 * session can still remove it on the server: the next person on this browser must not get the
 * member's news (its chunk is features/web-push's, loaded only here and for members with push).
 */
export function useLogout() {
  const endSession = useEndSession();
  return useMutation<Ok, ApiError, void>({
    mutationFn: async () => {
      await import('../web-push/push-subscription').then((push) => push.forgetThisBrowser()).catch(() => undefined);
      return apiPost<Ok>('/api/logout.php');
    },
    onSuccess: () => endSession(routePath('index')),
  });
}

export function useDeleteAccount() {
  const endSession = useEndSession();
  return useMutation<Ok, ApiError, { reason: DeleteReason; remarks?: string; confirm: true; current_password: string }>({
    mutationFn: (body) => apiPost<Ok>('/api/delete-account.php', body),
    onSuccess: () => endSession(routePath('account-deleted')),
  });
}
