import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatch, useParams } from 'react-router';
import type { TMemberAnswer } from '@cupido/shared/contracts/profiles';
import { ROUTES, routePath } from '@cupido/shared/rules/routes';
import { usePageTitle } from '../../page-title/use-page-title';
import { PageFallback } from '../../../ui/page-fallback';
import type { ApiError } from '../../../api/client';
import { AccountsTexts } from '../../accounts/accounts-texts';
import { ServerError } from '../../session/server-error';
import { NotFoundPage } from '../../errors/not-found-page';
import { isAuthenticationRequired } from '../../session/query-client';
import { useSession } from '../../session/use-session';
import { useSettings } from '../../site/use-settings';
import { useLocale } from '../../locale/use-locale';
import { CardLikeState, LikeButton, likesUrlOf, useMarkLikeSeen } from '../../likes';
import { useProfileChatActions } from './profile-chat-actions-slot';
import { ProfileCard, ProfilePhoto } from '../../profile-cards/profile-card';
import { DistanceAndActivity } from '../../profile-cards/distance-and-activity';
import { useInterests, useMemberProfile } from '../profile-calls';
import { useCountryName } from '../profile-labels';
import { PROFILES_NS, ProfilesTexts } from '../profiles-texts';
import { trackingQuery } from '../search/search-params';
import { searchReturnState, useBackToSearch } from '../search/search-return';
import { BlockButton } from './block-button';
import { MemberPhotos } from './member-photos';
import { ReportButton } from './report-button';
import { profileFictional, ProfileFictionalBadge, ProfileFictionalWarning } from './profile-fictional';
import { ProfileFacts } from './profile-facts';
import '../profiles.scss';

/** /members/{id} and /likes/m/{id}: a profile page (spec section 2, profile view). */
export default function MemberPage() {
  return (
    <AccountsTexts>
      <ProfilesTexts>
        <Member />
      </ProfilesTexts>
    </AccountsTexts>
  );
}

/** Spec section 4: a member the owner blocked sees a no-access text (the server's 403 no_access). */
function NoAccess({ error }: { error: ApiError }) {
  const { t } = useTranslation(PROFILES_NS);
  usePageTitle(t('member.noAccessTitle'));
  return (
    <section id="no-access" className="container py-5 text-center">
      <h1 className="h3 mb-3">{t('member.noAccessTitle')}</h1>
      <p id="no-access-text" className="text-body-secondary">
        {error.message}
      </p>
      <Link to={routePath('members')} className="btn btn-primary">
        {t('member.backToSearch')}
      </Link>
    </section>
  );
}

function Member() {
  const { id = '' } = useParams();
  const { loggedIn } = useSession();
  const member = useMemberProfile(id, loggedIn ? {} : trackingQuery());
  // The profile renders in a transition (in slices, yielding to the browser) rather than in the
  // synchronous render its answer's arrival starts: on a phone that render was one long task
  // (issue 29, TBT). The answer is paired with its id, so a stale one never shows under another.
  const current = useMemo(() => (member.data ? { id, answer: member.data } : undefined), [id, member.data]);
  const shown = useDeferredValue(current);
  if (member.isPending) return <PageFallback />;
  if (member.error) {
    if (member.error.status === 404) return <NotFoundPage />;
    if (member.error.code === 'no_access') return <NoAccess error={member.error} />;
    if (isAuthenticationRequired(member.error)) return <PageFallback />; // logged out silently; the guard takes over
    return (
      <div className="container py-4">
        <ServerError error={member.error} id="member-error" />
      </div>
    );
  }
  if (!shown || shown.id !== id) return <PageFallback />;
  return <MemberProfileView id={id} answer={shown.answer} />;
}

function MemberProfileView({ id, answer }: { id: string; answer: TMemberAnswer }) {
  const { t } = useTranslation(PROFILES_NS);
  const renderChatActions = useProfileChatActions();
  const settings = useSettings();
  const { user } = useSession();
  const { locale } = useLocale();
  const countryName = useCountryName();
  const interests = useInterests(locale);
  const { profile, related } = answer;
  const viewer = !user ? 'visitor' : user.paid_user ? 'premium' : 'free';
  const fictional = profileFictional(profile, settings);
  // A fictional profile is disclosed in its description too, wherever the snippet is shown.
  const describe = { name: profile.name, age: profile.age, site: settings.name };
  usePageTitle(
    profile.name,
    fictional ? t('member.descriptionFictional', { ...describe, fictional: fictional.singular }) : t('member.description', describe),
  );
  const backToSearch = useBackToSearch();
  const location = useLocation();
  // /likes/m/{id}: the same screen, opened from the likes; it clears the new-like flag and leads back there.
  const fromLikes = useMatch(ROUTES['likes-m-id']) !== null;
  useMarkLikeSeen(fromLikes && user ? profile.id : null);
  const interestName = (interestId: string) => interests.data?.find((i) => i.id === interestId)?.name ?? interestId;

  return (
    <div className="container py-4" id="member-profile" data-profile-id={profile.id}>
      <Link id="member-back" to={fromLikes ? likesUrlOf(location.state) : backToSearch} className="d-inline-block mb-3">
        <span aria-hidden="true">‹</span> {t(fromLikes ? 'member.backToLikes' : 'member.backToSearch')}
      </Link>
      <header className="d-flex flex-wrap gap-3 align-items-center mb-3">
        <div className="member-avatar overflow-hidden" style={{ width: 96, height: 96 }}>
          <ProfilePhoto name={profile.name} src={profile.main_image} />
        </div>
        <div className="me-auto">
          <h1 id="member-name" className="h3 mb-1">
            {profile.name}, {profile.age}
          </h1>
          <p id="member-place" className="mb-1 text-body-secondary">
            {[profile.city, countryName(profile.country)].filter(Boolean).join(', ')}
          </p>
          <DistanceAndActivity
            id="member-distance-activity"
            distanceKm={profile.distance_km}
            activity={profile.activity}
            className="mb-1"
          />
          {fictional && <ProfileFictionalBadge id="member-fictional-badge" fictional={fictional} />}
        </div>
        {user && !profile.is_own && (
          <div className="d-flex flex-wrap align-items-start gap-2">
            {!profile.is_blocked_by_me && <LikeButton id="member-like" profileId={profile.id} name={profile.name} source="profile" />}
            {!profile.is_blocked_by_me && renderChatActions?.({ profileId: profile.id, name: profile.name })}
            <BlockButton id={id} profileId={profile.id} name={profile.name} blocked={profile.is_blocked_by_me} />
            <ReportButton profileId={profile.id} name={profile.name} />
          </div>
        )}
        {profile.is_own && (
          <Link id="member-edit-own" to={routePath('profile')} className="btn btn-outline-primary btn-sm">
            {t('member.editOwn')}
          </Link>
        )}
      </header>

      {fictional && <ProfileFictionalWarning id="member-fictional-warning" fictional={fictional} />}
      {profile.is_blocked_by_me && (
        <div id="member-blocked-notice" className="alert alert-secondary" role="status">
          {t('member.blockedNotice', { name: profile.name })}
        </div>
      )}
      {profile.is_own && <div className="alert alert-info">{t('member.ownProfile')}</div>}

      <div className="mb-4">
        <ProfileFacts id="member-highlights" items={profile.highlights} country={profile.country} />
      </div>

      <MemberPhotos profile={profile} viewer={viewer} canReport={!!user && !profile.is_own} />

      {profile.about && (
        <section className="mb-4" aria-labelledby="member-about-title">
          <h2 id="member-about-title" className="h5">
            {t('fields.about')}
          </h2>
          <p id="member-about" className="mb-0" style={{ whiteSpace: 'pre-line' }}>
            {profile.about}
          </p>
        </section>
      )}
      {profile.notes.length > 0 && (
        <section className="mb-4" aria-labelledby="member-notes-title">
          <h2 id="member-notes-title" className="h5">
            {t('member.moreAbout', { name: profile.name })}
          </h2>
          <ProfileFacts id="member-notes" items={profile.notes} country={profile.country} />
        </section>
      )}
      {profile.interests.length > 0 && (
        <section className="mb-4" aria-labelledby="member-interests-title">
          <h2 id="member-interests-title" className="h5">
            {t('fields.interests')}
          </h2>
          <ul id="member-interests" className="list-unstyled d-flex flex-wrap gap-2 mb-0">
            {profile.interests.map((interest) => (
              <li key={interest} className="badge rounded-pill text-bg-light border fw-normal fs-6">
                {interestName(interest)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {related.length > 0 && (
        <section className="mb-2" aria-labelledby="member-related-title">
          <h2 id="member-related-title" className="h5">
            {t('member.related')}
          </h2>
          <ul id="member-related" className="related-strip list-unstyled">
            {related.map((card) => (
              <li key={card.id}>
                <ProfileCard
                  profile={card}
                  linkState={searchReturnState(location)}
                  action={user && <LikeButton compact profileId={card.id} name={card.name} source="related" />}
                  footer={user && <CardLikeState profileId={card.id} />}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
