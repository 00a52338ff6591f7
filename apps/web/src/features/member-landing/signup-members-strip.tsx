import { useTranslation } from 'react-i18next';
import { isLoggedOutSearchVisible } from '@cupido/shared/rules/site-shell';
import { ProfileCard } from '../profile-cards/profile-card';
import { useSearch } from '../profiles/profile-calls';
import { useSettings } from '../site/use-settings';
import { searchTrackingQuery } from '../tracking/tracking';
import { MEMBER_LANDING_NS, MemberLandingTexts } from './member-landing-texts';
import './members-showcase.scss';

/** How many cards the strip shows (one search page holds more). */
export const STRIP_CARDS = 12;

/**
 * The signup page's search-profiles strip (spec section 2, signup view): a row of member cards
 * from the visitor's search, fictional ones disclosed on their cards, where the site lets this
 * visitor search (logged_out_search, or its traffic-source setting and a known source). A list,
 * so a screen reader hears how many there are; it scrolls sideways on a phone.
 */
export default function SignupMembersStrip() {
  const settings = useSettings();
  const tracking = searchTrackingQuery();
  const visible = isLoggedOutSearchVisible({
    loggedIn: false,
    loggedOutSearch: settings.logged_out_search,
    loggedOutSearchTrafficSource: settings.logged_out_search_trafficsource,
    hasTrafficSource: Object.keys(tracking).length > 0,
  });
  if (!visible) return null;
  return (
    <MemberLandingTexts>
      <Strip tracking={tracking} />
    </MemberLandingTexts>
  );
}

function Strip({ tracking }: { tracking: Record<string, string> }) {
  const { t } = useTranslation(MEMBER_LANDING_NS);
  const settings = useSettings();
  const search = useSearch(tracking);
  // Below the form: while it loads, or when the call fails, the signup simply has no strip.
  const profiles = search.data?.profiles.slice(0, STRIP_CARDS) ?? [];
  if (profiles.length === 0) return null;
  return (
    <section id="signup-members-strip" className="mt-4" aria-labelledby="signup-members-strip-title">
      <h2 id="signup-members-strip-title" className="h5">
        {t('strip.title', { site: settings.name })}
      </h2>
      <ul className="members-strip list-unstyled mb-0" aria-label={t('strip.label', { site: settings.name })}>
        {profiles.map((profile) => (
          <li key={profile.id}>
            <ProfileCard profile={profile} />
          </li>
        ))}
      </ul>
    </section>
  );
}
