import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOwnProfile } from '@cupido/shared/contracts/profiles';
import { ServerError } from '../../session/server-error';
import { useUpdateProfile } from '../profile-calls';
import { PROFILES_NS } from '../profiles-texts';

/**
 * Invisible mode (spec section 4): a switch that takes effect at once, with what it means: hidden
 * from search, nobody messages or likes you first, and the members you are already in touch with
 * keep seeing you.
 */
export function InvisibleMode({ profile }: { profile: TOwnProfile }) {
  const { t } = useTranslation(PROFILES_NS);
  const update = useUpdateProfile();
  // The member's choice while it is saved, set in the click's own render: the mutation's pending
  // state arrives a task later, and until then the switch fell back to the saved state for a moment.
  const [saving, setSaving] = useState<boolean | null>(null);
  const checked = saving ?? profile.invisible;

  return (
    <section className="mb-5" aria-labelledby="invisible-title">
      <h2 id="invisible-title" className="h5 mb-3">
        {t('invisible.title')}
      </h2>
      <div className="form-check form-switch mb-2">
        <input
          id="invisible-switch"
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={saving !== null}
          aria-describedby="invisible-explanation"
          onChange={(event) => {
            const invisible = event.target.checked;
            setSaving(invisible);
            // Saved: the profile query holds the new state (useUpdateProfile). Refused: the saved one shows again.
            update.mutate({ invisible }, { onSettled: () => setSaving(null) });
          }}
        />
        <label className="form-check-label" htmlFor="invisible-switch">
          {t('invisible.label')}
        </label>
      </div>
      <p id="invisible-explanation" className="form-text mt-0">
        {t('invisible.explanation')}
      </p>
      <p
        id="invisible-state"
        className={`small mb-0 ${profile.invisible ? 'text-primary fw-semibold' : 'text-body-secondary'}`}
        aria-live="polite"
      >
        {profile.invisible ? t('invisible.on') : t('invisible.off')}
      </p>
      <ServerError error={update.error} id="invisible-error" className="alert alert-danger mt-2" />
    </section>
  );
}
