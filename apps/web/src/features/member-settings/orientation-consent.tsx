import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@cupido/shared/contracts/accounts';
import { apiPost, type ApiError } from '../../api/client';
import { OWN_PROFILE_QUERY_KEY } from '../profiles/profile-calls';
import { SESSION_QUERY_KEY } from '../session/use-session';
import { ACCOUNTS_NS } from '../accounts/accounts-texts';
import { ServerError } from '../session/server-error';

/**
 * POST /api/consent.php: the answer is the member, which becomes the session at once. Withdrawing
 * clears the profile's sexuality on the server, so the cached own profile is dropped: the profile
 * form starts from fresh values next time.
 */
function useOrientationConsent() {
  const queryClient = useQueryClient();
  return useMutation<{ user: TUser }, ApiError, boolean>({
    mutationFn: (granted) => apiPost<{ user: TUser }>('/api/consent.php', { kind: 'orientation_data', granted }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      queryClient.removeQueries({ queryKey: OWN_PROFILE_QUERY_KEY });
    },
  });
}

/** The revocable consent of signup (trust.md) as a switch: it takes effect at once. */
export function OrientationConsent({ user }: { user: TUser }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const consent = useOrientationConsent();
  const [saved, setSaved] = useState(false);
  // The choice being sent, set in the change handler itself: a controlled switch would otherwise
  // flip back until the mutation's state arrives.
  const [sending, setSending] = useState<boolean | null>(null);
  const checked = sending ?? user.orientation_consent;

  const change = (granted: boolean) => {
    if (sending !== null) return;
    setSaved(false);
    setSending(granted);
    consent.mutate(granted, { onSuccess: () => setSaved(true), onSettled: () => setSending(null) });
  };

  return (
    <>
      <div className="form-check form-switch mb-2">
        <input
          id="orientation-consent"
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={checked}
          aria-describedby="orientation-consent-help"
          aria-busy={sending !== null || undefined}
          onChange={(event) => change(event.target.checked)}
        />
        <label className="form-check-label" htmlFor="orientation-consent">
          {t('settings.privacy.orientationLabel')}
        </label>
      </div>
      <p id="orientation-consent-help" className="form-text">
        {t('settings.privacy.orientationHelp')}
      </p>
      <ServerError error={consent.error} id="orientation-consent-error" />
      <div aria-live="polite">
        {saved && (
          <p id="orientation-consent-saved" className="text-success mb-0" role="status">
            {t('settings.privacy.saved')}
          </p>
        )}
      </div>
    </>
  );
}
