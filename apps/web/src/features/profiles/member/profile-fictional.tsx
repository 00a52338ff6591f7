import type { TMemberAnswer } from '@cupido/shared/contracts/profiles';
import { FictionalIcon } from '../../../ui/fictional-icon';

export interface ProfileFictional {
  singular: string;
  warning: string;
}

/**
 * A profile page's fictional-profile disclosure (trust.md): the profile's own badge and warning
 * from the answer, else the site's. Null for a real profile. Shared by the profile page and the
 * member landing pages, so a fictional profile is disclosed the same way on both.
 */
export function profileFictional(
  profile: TMemberAnswer['profile'],
  settings: { fictional_singular: string; fictional_warning: string },
): ProfileFictional | null {
  if (!profile.is_fictional) return null;
  return (
    profile.fictional ?? {
      singular: settings.fictional_singular,
      warning: settings.fictional_warning,
    }
  );
}

/** The badge beside the name. */
export function ProfileFictionalBadge({ id, fictional }: { id: string; fictional: ProfileFictional }) {
  return (
    <span id={id} className="badge rounded-pill fictional-badge">
      <FictionalIcon /> {fictional.singular}
    </span>
  );
}

/** The warning under the header. */
export function ProfileFictionalWarning({ id, fictional }: { id: string; fictional: ProfileFictional }) {
  return (
    <div id={id} className="alert alert-warning d-flex gap-2" role="note">
      <FictionalIcon className="flex-shrink-0 mt-1" />
      <span>{fictional.warning}</span>
    </div>
  );
}
