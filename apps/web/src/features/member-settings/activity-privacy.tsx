import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../session/server-error';
import { useOwnProfile, useUpdateProfile } from '../profiles/profile-calls';
import { MEMBER_SETTINGS_NS, MemberSettingsTexts } from './member-settings-texts';

/**
 * The lists whose cards carry activity marks: after the switch they are fetched again, since
 * hiding one's own activity also hides everyone else's from the member (search is refreshed by
 * the profile update itself).
 */
const LISTS_WITH_MARKS = [['chats'], ['chat'], ['member'], ['likes-page'], ['swipe-stack'], ['match-finder'], ['signup-matches']];

/**
 * Privacy: "Hide my activity" (issue 28; decision 036), PUT /api/profile.php { hide_activity }.
 * Others then see no "online now" / "active today" mark of the member, and the member sees nobody's.
 * It takes effect at once, like the orientation consent above it.
 */
function ActivityPrivacySwitch() {
  const { t } = useTranslation(MEMBER_SETTINGS_NS);
  const profile = useOwnProfile();
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  // The choice being sent, so the switch shows it at once (a controlled switch would flip back until the answer).
  const sending = update.isPending ? update.variables?.hide_activity : undefined;
  const hidden = profile.data?.hide_activity ?? false;
  const checked = sending ?? hidden;

  const change = (hide: boolean) => {
    if (update.isPending) return;
    setSaved(false);
    update.mutate(
      { hide_activity: hide },
      {
        onSuccess: () => {
          setSaved(true);
          for (const queryKey of LISTS_WITH_MARKS) void queryClient.invalidateQueries({ queryKey });
        },
      },
    );
  };

  return (
    <div id="activity-privacy" className="mt-4">
      <div className="form-check form-switch mb-2">
        <input
          id="hide-activity"
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={!profile.data}
          aria-describedby="hide-activity-help"
          aria-busy={update.isPending || undefined}
          onChange={(event) => change(event.target.checked)}
        />
        <label className="form-check-label" htmlFor="hide-activity">
          {t('activity.label')}
        </label>
      </div>
      <p id="hide-activity-help" className="form-text">
        {t('activity.help')}
      </p>
      <ServerError error={update.error ?? profile.error} id="hide-activity-error" />
      <div aria-live="polite">
        {saved && !update.isPending && (
          <p id="hide-activity-saved" className="text-success mb-0" role="status">
            {hidden ? t('activity.hidden') : t('activity.shown')}
          </p>
        )}
      </div>
    </div>
  );
}

export function ActivityPrivacy() {
  return (
    <MemberSettingsTexts>
      <ActivityPrivacySwitch />
    </MemberSettingsTexts>
  );
}
