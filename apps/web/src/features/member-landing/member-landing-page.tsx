import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { isLoggedOutSearchVisible } from '@cupido/shared/rules/site-shell';
import type { TMemberProfile } from '@cupido/shared/contracts/profiles';
import { usePageTitle } from '../page-title/use-page-title';
import { PageFallback } from '../../ui/page-fallback';
import { AccountsTexts } from '../accounts/accounts-texts';
import { SignupForm } from '../accounts/signup/signup-form';
import { NotFoundPage } from '../errors/not-found-page';
import { useMemberProfile } from '../profiles/profile-calls';
import { profileFictional } from '../profiles/member/profile-fictional';
import { ServerError } from '../session/server-error';
import { useSession } from '../session/use-session';
import { useSettings } from '../site/use-settings';
import { searchTrackingQuery } from '../tracking/tracking';
import { DESIGNS } from './landing-designs';
import { isProfileId, landingTheme, type LandingVariant } from './landing-themes';
import { MEMBER_LANDING_NS, MemberLandingTexts } from './member-landing-texts';
import './member-landing.scss';

/**
 * The member landing pages of spec section 2 (/members/{id}/landing, /signup, /landing2/{slug?},
 * /landing3/{slug?}; issue 31): that profile with its disclosure and a signup that starts a
 * conversation with it. Members go to the profile page; unknown ids and profiles of another
 * site are the 404 page.
 */
export default function MemberLandingPage({ variant }: { variant: LandingVariant }) {
  return (
    <AccountsTexts>
      <MemberLandingTexts fallback={<PageFallback />}>
        <Landing variant={variant} />
      </MemberLandingTexts>
    </AccountsTexts>
  );
}

function Landing({ variant }: { variant: LandingVariant }) {
  const { id, slug } = useParams();
  const { status, loggedIn } = useSession();
  // Once the signup succeeded its form navigates on by itself; the member redirect must not win.
  const [leaving, setLeaving] = useState(false);
  const settings = useSettings();
  if (!isProfileId(id)) return <NotFoundPage />;
  if (status === 'loading') return <PageFallback />;
  if (loggedIn && !leaving) return <Navigate to={routePath('members-id', { id })} replace />;
  const tracking = searchTrackingQuery();
  // Where the site shows profiles to members only (spec section 4), member.php would refuse the visitor.
  const visible = isLoggedOutSearchVisible({
    loggedIn: false,
    loggedOutSearch: settings.logged_out_search,
    loggedOutSearchTrafficSource: settings.logged_out_search_trafficsource,
    hasTrafficSource: Object.keys(tracking).length > 0,
  });
  const leave = () => setLeaving(true);
  if (!visible) return <HiddenProfile profileId={Number(id)} onLeave={leave} />;
  return <VisibleProfile id={id} tracking={tracking} variant={variant} slug={slug} onLeave={leave} />;
}

function VisibleProfile(props: {
  id: string;
  tracking: Record<string, string>;
  variant: LandingVariant;
  slug?: string;
  onLeave: () => void;
}) {
  const member = useMemberProfile(props.id, props.tracking);
  if (member.isPending) return <PageFallback />;
  if (member.error) {
    if (member.error.status === 404) return <NotFoundPage />;
    return (
      <div className="container py-4">
        <ServerError error={member.error} id="landing-error" />
      </div>
    );
  }
  return <LandingView profile={member.data.profile} variant={props.variant} slug={props.slug} onLeave={props.onLeave} />;
}

function LandingView({
  profile,
  variant,
  slug,
  onLeave,
}: {
  profile: TMemberProfile;
  variant: LandingVariant;
  slug?: string;
  onLeave: () => void;
}) {
  const { t } = useTranslation(MEMBER_LANDING_NS);
  const settings = useSettings();
  const { pathname } = useLocation();
  const fictional = profileFictional(profile, settings);
  const describe = {
    name: profile.name,
    age: profile.age,
    site: settings.name,
  };
  usePageTitle(
    t('title', { name: profile.name }),
    fictional
      ? t('descriptionFictional', {
          ...describe,
          fictional: fictional.singular,
        })
      : t('description', describe),
  );
  const theme = landingTheme(variant === 'landing2' || variant === 'landing3' ? slug : undefined);
  const Design = DESIGNS[variant];
  return (
    <div
      className={`container py-4 member-landing member-landing--${variant} member-landing--${theme}`}
      id="member-landing"
      data-variant={variant}
      data-theme={theme}
    >
      <Design profile={profile} fictional={fictional} theme={theme} landingPage={pathname} onLeave={onLeave} />
    </div>
  );
}

/** A site that shows profiles to members only: the signup still writes to this profile, which the visitor sees once in. */
function HiddenProfile({ profileId, onLeave }: { profileId: number; onLeave: () => void }) {
  const { t } = useTranslation(MEMBER_LANDING_NS);
  const settings = useSettings();
  const { pathname } = useLocation();
  usePageTitle(t('hiddenTitle'));
  return (
    <div className="container py-4 member-landing" id="member-landing" data-variant="hidden">
      <h1 className="h3">{t('hiddenTitle')}</h1>
      <p id="landing-hidden-text">{t('hiddenText', { site: settings.name })}</p>
      <SignupForm profileId={profileId} landingPage={pathname} onLeave={onLeave} />
    </div>
  );
}
