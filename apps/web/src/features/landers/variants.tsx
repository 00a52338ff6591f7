/**
 * The landers that share the lander layout, each its own conversion page (decision 052): what
 * they show differs, the signup action and the member cards' disclosure do not.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import type { TProfileCard } from '@cupido/shared/contracts/profiles';
import { FictionalBadge } from '../navigation/fictional-badge';
import { ProfilePhoto } from '../profile-cards/profile-card';
import { DistanceAndActivity } from '../profile-cards/distance-and-activity';
import { useSettings } from '../site/use-settings';
import { useLanderMembers } from './lander-calls';
import type { LanderProps } from './lander-props';
import { FeaturedMember, LanderHero, MemberGrid, MembersHiddenNote } from './lander-parts';
import { useLanderSignup } from './lander-signup';
import { LANDERS_NS } from './landers-texts';

/** adultonly: a bold 18+ message first. */
export function AdultOnlyLander(props: LanderProps) {
  const { t } = useTranslation(LANDERS_NS);
  const settings = useSettings();
  const members = useLanderMembers();
  return (
    <>
      <LanderHero
        {...props}
        className="lander-hero--bold"
        before={
          <p className="lander-age-badge mx-auto mb-3" aria-hidden="true">
            {t('adultonly.badge', { age: settings.minimum_age })}
          </p>
        }
      >
        <p id="lander-age-rule" className="fw-semibold mb-4">
          {t('adultonly.rule', { age: settings.minimum_age })}
        </p>
      </LanderHero>
      <MemberGrid profiles={members.profiles} loading={members.loading} />
      <MembersHiddenNote visible={members.visible} />
    </>
  );
}

/** whoneedsstrings: casual, three easy promises. */
export function WhoNeedsStringsLander(props: LanderProps) {
  const { t } = useTranslation(LANDERS_NS);
  const members = useLanderMembers();
  return (
    <>
      <LanderHero {...props} className="lander-hero--casual">
        <ul className="lander-points list-unstyled d-inline-flex flex-column text-start gap-2 mb-4">
          {(['honest', 'pace', 'private'] as const).map((point) => (
            <li key={point}>
              <span className="lander-points__mark" aria-hidden="true">
                ✓
              </span>{' '}
              {t(`whoneedsstrings.points.${point}`)}
            </li>
          ))}
        </ul>
      </LanderHero>
      <MemberGrid profiles={members.profiles} loading={members.loading} limit={6} />
      <MembersHiddenNote visible={members.visible} />
    </>
  );
}

const ACTIVITY_ORDER = { online: 0, today: 1 } as const;

/** alonetonight: a night look, members who were really active first (the server's own activity, never invented). */
export function AloneTonightLander(props: LanderProps) {
  const members = useLanderMembers();
  const byActivity = [...members.profiles].sort(
    (a, b) => (a.activity ? ACTIVITY_ORDER[a.activity] : 2) - (b.activity ? ACTIVITY_ORDER[b.activity] : 2),
  );
  return (
    <>
      <LanderHero {...props} className="lander-hero--night" />
      <FeaturedMember profile={props.featured ?? null} />
      <MemberGrid profiles={byActivity} loading={members.loading} />
      <MembersHiddenNote visible={members.visible} />
    </>
  );
}

const COLLAGE_SIZE = 7;

/** collagelanding: the members' photos as a collage; each tile names its member and carries the fictional badge. */
export function CollageLander(props: LanderProps) {
  const members = useLanderMembers();
  const tiles = members.profiles.slice(0, COLLAGE_SIZE);
  return (
    <>
      <LanderHero {...props} />
      <FeaturedMember profile={props.featured ?? null} />
      {members.loading ? (
        // The collage's own shape while the members load: nothing below it moves when they arrive.
        <section className="container pb-4" aria-busy="true">
          <ul className="lander-collage list-unstyled mb-0 placeholder-pulse" aria-hidden="true">
            {Array.from({ length: COLLAGE_SIZE }, (_, index) => (
              <li key={index} className={`lander-collage__tile${index === 0 ? ' lander-collage__tile--large' : ''}`}>
                <span className="lander-collage__link placeholder-shape" />
              </li>
            ))}
          </ul>
        </section>
      ) : (
        tiles.length > 0 && (
          <section className="container pb-4">
            <ul className="lander-collage list-unstyled mb-0" id="lander-members">
              {tiles.map((profile, index) => (
                <li key={profile.id} className={`lander-collage__tile${index === 0 ? ' lander-collage__tile--large' : ''}`}>
                  <CollageTile profile={profile} />
                </li>
              ))}
            </ul>
          </section>
        )
      )}
      <MembersHiddenNote visible={members.visible} />
    </>
  );
}

function CollageTile({ profile }: { profile: TProfileCard }) {
  return (
    <Link
      to={routePath('members-id', { id: profile.id })}
      className="lander-collage__link text-decoration-none"
      data-profile-id={profile.id}
    >
      <ProfilePhoto name={profile.name} src={profile.main_image} className="lander-collage__photo" />
      <span className="lander-collage__caption">
        <span className="d-block text-truncate">
          {profile.name}, {profile.age}
        </span>
        {profile.is_fictional && <FictionalBadge />}
      </span>
    </Link>
  );
}

/** gallery: a dense grid of member cards under a short headline. */
export function GalleryLander(props: LanderProps) {
  const members = useLanderMembers();
  return (
    <>
      <LanderHero {...props} className="lander-hero--compact" />
      <FeaturedMember profile={props.featured ?? null} />
      <MemberGrid profiles={members.profiles} loading={members.loading} columns={3} limit={12} />
      <MembersHiddenNote visible={members.visible} />
    </>
  );
}

const FEATURES = ['profile', 'search', 'likes', 'chat'] as const;

/** Simple line icons, drawn here: no icon font, no request. */
const FEATURE_ICONS: Record<(typeof FEATURES)[number], string> = {
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm5-2 5 5',
  likes: 'M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10Z',
  chat: 'M4 5h16v11H9l-5 4V5Z',
};

/** iconslanding: what the site does, in four icons. */
export function IconsLander(props: LanderProps) {
  const { t } = useTranslation(LANDERS_NS);
  const members = useLanderMembers();
  return (
    <>
      <LanderHero {...props} />
      <section className="container pb-4" aria-label={t('iconslanding.title')}>
        <ul className="row row-cols-2 row-cols-md-4 g-3 list-unstyled mb-0 text-center" id="lander-features">
          {FEATURES.map((feature) => (
            <li key={feature} className="col">
              <svg className="lander-icon mb-2" viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
                <path d={FEATURE_ICONS[feature]} />
              </svg>
              <h2 className="h6 mb-1">{t(`iconslanding.features.${feature}.title`)}</h2>
              <p className="small text-body-secondary mb-0">{t(`iconslanding.features.${feature}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <FeaturedMember profile={props.featured ?? null} />
      <MemberGrid profiles={members.profiles} loading={members.loading} limit={4} />
      <MembersHiddenNote visible={members.visible} />
    </>
  );
}

const FEED_SIZE = 6;

/** socialnetwork: the members as a feed of posts, each with a hello that leads to signup. */
export function SocialNetworkLander(props: LanderProps) {
  const { t } = useTranslation(LANDERS_NS);
  const settings = useSettings();
  const members = useLanderMembers();
  const { allowed, open } = useLanderSignup();
  const posts = [...(props.featured ? [props.featured] : []), ...members.profiles.filter((p) => p.id !== props.featured?.id)].slice(
    0,
    FEED_SIZE,
  );
  return (
    <>
      <LanderHero {...props} className="lander-hero--social" />
      {members.loading && (
        // Posts of the final height while the members load: nothing below them moves when they arrive.
        <div className="container pb-4 lander-feed" aria-busy="true">
          <ul className="list-unstyled mb-0 d-flex flex-column gap-3 placeholder-pulse" aria-hidden="true">
            {Array.from({ length: FEED_SIZE }, (_, index) => (
              <li key={index} className="card lander-feed__post lander-feed__post--placeholder placeholder-shape" />
            ))}
          </ul>
        </div>
      )}
      {posts.length > 0 && (
        <section className="container pb-4 lander-feed" aria-labelledby="lander-members-heading">
          <h2 id="lander-members-heading" className="visually-hidden">
            {t('membersHeading', { site: settings.name })}
          </h2>
          <ul className="list-unstyled mb-0 d-flex flex-column gap-3" id="lander-members">
            {posts.map((profile) => (
              <li key={profile.id} className="card lander-feed__post" data-profile-id={profile.id}>
                <div className="card-body d-flex gap-3 align-items-start">
                  <ProfilePhoto name={profile.name} src={profile.main_image} className="lander-feed__avatar" />
                  <div className="flex-grow-1 min-w-0">
                    <p className="fw-semibold mb-0">
                      <Link to={routePath('members-id', { id: profile.id })} className="link-body-emphasis">
                        {t('socialnetwork.post', { name: profile.name, site: settings.name })}
                      </Link>
                    </p>
                    <p className="small text-body-secondary mb-1">{[String(profile.age), profile.city].filter(Boolean).join(' · ')}</p>
                    <DistanceAndActivity distanceKm={profile.distance_km} activity={profile.activity} className="small" />
                    {profile.is_fictional && (
                      <div className="mt-1">
                        <FictionalBadge />
                      </div>
                    )}
                  </div>
                  {allowed && (
                    <button type="button" className="btn btn-outline-primary btn-sm flex-shrink-0" onClick={open}>
                      {t('socialnetwork.hello')}
                      <span className="visually-hidden">: {profile.name}</span>
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      <MembersHiddenNote visible={members.visible} />
    </>
  );
}
