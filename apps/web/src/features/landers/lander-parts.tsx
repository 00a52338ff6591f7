import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TProfileCard } from '@cupido/shared/contracts/profiles';
import { routePath } from '@cupido/shared/rules/routes';
import { ProfileCard } from '../profile-cards/profile-card';
import { ProfileCardPlaceholders } from '../profile-cards/card-placeholders';
import { useSettings } from '../site/use-settings';
import type { LanderProps } from './lander-props';
import { LANDERS_NS } from './landers-texts';
import { LanderSignupAction } from './lander-signup';

/** The lander's first screen: headline, the slug's theme line, the lead, and the signup action. */
export function LanderHero({
  name,
  theme,
  className = '',
  children,
  before,
}: LanderProps & { className?: string; children?: ReactNode; before?: ReactNode }) {
  const { t } = useTranslation(LANDERS_NS);
  const settings = useSettings();
  return (
    <section className={`lander-hero text-center py-4 py-md-5 ${className}`}>
      <div className="container">
        {before}
        <h1 id="lander-headline" className="display-6 fw-bold mb-2">
          {t(`${name}.headline`, { site: settings.name, age: settings.minimum_age })}
        </h1>
        {theme && (
          <p id="lander-theme" className="fw-semibold mb-2">
            {t(`themes.${theme}`)}
          </p>
        )}
        <p className="lead mx-auto mb-4 lander-lead">{t(`${name}.lead`, { site: settings.name, age: settings.minimum_age })}</p>
        {children}
        <LanderSignupAction />
      </div>
    </section>
  );
}

/**
 * Where a member card leads: the profile where the visitor may see it (the members feature's
 * rule), which is always so when cards are shown at all. Cards carry the fictional badge
 * themselves (ProfileCard).
 */
const profileLink = (id: number) => routePath('members-id', { id });

/** Member cards in a grid (`columns` per row on a phone, twice that from md), placeholders while they load. */
export function MemberGrid({
  profiles,
  loading,
  columns = 2,
  limit = 8,
  label,
}: {
  profiles: TProfileCard[];
  loading: boolean;
  columns?: 2 | 3;
  limit?: number;
  label?: string;
}) {
  const { t } = useTranslation(LANDERS_NS);
  const settings = useSettings();
  const shown = profiles.slice(0, limit);
  const grid = `row row-cols-${columns} row-cols-md-${columns * 2} g-2 g-md-3 list-unstyled mb-0`;
  if (!loading && shown.length === 0) return null;
  return (
    <section className="container py-4" aria-labelledby="lander-members-heading">
      <h2 id="lander-members-heading" className="h4 text-center mb-3">
        {label ?? t('membersHeading', { site: settings.name })}
      </h2>
      {loading ? (
        <ProfileCardPlaceholders count={Math.min(limit, columns * 2)} gridClassName={grid} />
      ) : (
        <ul className={grid} id="lander-members">
          {shown.map((profile) => (
            <li key={profile.id} className="col">
              <ProfileCard profile={profile} linkTo={profileLink(profile.id)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The slug's profile, first and large, with its disclosure. */
export function FeaturedMember({ profile }: { profile: TProfileCard | null }) {
  const { t } = useTranslation(LANDERS_NS);
  if (!profile) return null;
  return (
    <section className="container pt-4" aria-labelledby="lander-featured-heading" id="lander-featured">
      <h2 id="lander-featured-heading" className="h4 text-center mb-3">
        {t('featured', { name: profile.name })}
      </h2>
      <div className="lander-featured mx-auto">
        <ProfileCard profile={profile} linkTo={profileLink(profile.id)} eager />
      </div>
    </section>
  );
}

/** Where members are not shown to this visitor: one line instead of the cards. */
export function MembersHiddenNote({ visible }: { visible: boolean }) {
  const { t } = useTranslation(LANDERS_NS);
  const settings = useSettings();
  if (visible) return null;
  return (
    <p id="lander-members-hidden" className="text-center text-body-secondary py-3 mb-0">
      {t('membersHidden', { site: settings.name })}
    </p>
  );
}
