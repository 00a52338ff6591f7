import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { ProfileCard } from '../profile-cards/profile-card';
import { useSearch } from '../profiles/profile-calls';
import { useSettings } from '../site/use-settings';
import { MEMBER_LANDING_NS, MemberLandingTexts } from './member-landing-texts';
import './members-showcase.scss';

/** Cards in the overview: two rows on a phone's two columns, one search page at most. */
export const OVERVIEW_CARDS = 8;
/** Where the promo slot sits among the cards (after the first row on a phone). */
export const PROMO_SLOT_AFTER = 2;

/**
 * The activate-done page's all-member overview (spec section 2): cards from the member's default
 * search, fictional ones disclosed on their cards, and the way into search. `promo` is the slot
 * of the promo tile (issue 31, another part): it is shown among the cards, as in search results.
 */
export default function MembersOverview({ promo }: { promo?: ReactNode }) {
  return (
    <MemberLandingTexts>
      <Overview promo={promo} />
    </MemberLandingTexts>
  );
}

function Overview({ promo }: { promo?: ReactNode }) {
  const { t } = useTranslation(MEMBER_LANDING_NS);
  const settings = useSettings();
  const search = useSearch({});
  const profiles = search.data?.profiles.slice(0, OVERVIEW_CARDS) ?? [];
  const cards = profiles.map((profile) => (
    <li key={profile.id} className="col">
      <ProfileCard profile={profile} />
    </li>
  ));
  if (promo)
    cards.splice(
      Math.min(PROMO_SLOT_AFTER, cards.length),
      0,
      <li key="promo" className="col" id="activate-done-promo-slot">
        {promo}
      </li>,
    );
  return (
    <section id="activate-done-overview" className="mt-4" aria-labelledby="activate-done-overview-title">
      <h2 id="activate-done-overview-title" className="h4">
        {t('overview.title', { site: settings.name })}
      </h2>
      {search.isSuccess && profiles.length === 0 && <p className="text-body-secondary">{t('overview.empty')}</p>}
      {cards.length > 0 && <ul className="members-overview row row-cols-2 row-cols-md-4 g-3 list-unstyled mb-3">{cards}</ul>}
      <Link id="activate-done-overview-search" to={routePath('members')} className="btn btn-outline-primary">
        {t('overview.search')}
      </Link>
    </section>
  );
}
