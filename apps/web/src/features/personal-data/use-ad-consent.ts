import { useEffect, useSyncExternalStore } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser } from '@cupido/shared/contracts/accounts';
import { apiPost, type ApiError } from '../../api/client';
import { SESSION_QUERY_KEY, useSession } from '../session/use-session';
import { readAdConsent, subscribeAdConsent, type AdConsentChoice } from '../tracking/ad-consent';
import { readTracking, rememberAdConsent } from '../tracking/tracking';

export interface AdConsent {
  /** The choice in force: the member's on the server when they made one, else this browser's; null: not asked yet. */
  choice: AdConsentChoice | null;
  /** False until the session is known (a member's server choice may settle it). */
  ready: boolean;
  choose: (choice: AdConsentChoice) => void;
  saving: boolean;
  error: ApiError | null;
}

const serverChoice = (user: TUser | null): AdConsentChoice | null =>
  user?.ad_tracking_consent == null ? null : user.ad_tracking_consent ? 'accepted' : 'rejected';

/**
 * The ad-tracking consent (decision 024): a visitor's choice lives in this browser; a member's is
 * also stored on the server (consent kind 'ad_tracking'), which wins once it exists, so a
 * withdrawal on one device reaches the others.
 */
export function useAdConsent(): AdConsent {
  const { user, status } = useSession();
  const local = useSyncExternalStore(
    subscribeAdConsent,
    () => readAdConsent(),
    () => null,
  );
  const server = serverChoice(user);
  const queryClient = useQueryClient();
  const saveOnServer = useMutation<{ user: TUser }, ApiError, boolean>({
    // Accepting after signup hands the server what signup would have stored with consent.
    mutationFn: (granted) =>
      apiPost<{ user: TUser }>(
        '/api/consent.php',
        granted ? { kind: 'ad_tracking', granted, tracking: readTracking() } : { kind: 'ad_tracking', granted },
      ),
    onSuccess: ({ user: changed }) => queryClient.setQueryData(SESSION_QUERY_KEY, changed),
  });

  // The member's server choice is applied to this browser too (keeps or forgets the parameters).
  useEffect(() => {
    if (server && server !== local && !saveOnServer.isPending) rememberAdConsent(server);
  }, [server, local, saveOnServer.isPending]);

  const choose = (choice: AdConsentChoice) => {
    rememberAdConsent(choice);
    if (user) saveOnServer.mutate(choice === 'accepted');
  };
  // While the server saves a member's choice, the choice being sent is the one shown (a switch must not flip back).
  const sending: AdConsentChoice | null = saveOnServer.isPending ? (saveOnServer.variables ? 'accepted' : 'rejected') : null;
  return {
    choice: sending ?? server ?? local,
    ready: status === 'ready',
    choose,
    saving: saveOnServer.isPending,
    error: saveOnServer.error,
  };
}
