import type { TLikedProfileCard } from '@cupido/shared/contracts/likes';
import { ProfileCard } from '../profile-cards/profile-card';
import { CardLikeState, LikeButton, type LikeSource } from '../likes';

/** The suggestions' grid (4 cards a row at most: the match finder sits beside its choices). */
export const SUGGESTION_GRID_CLASS = 'profile-grid row row-cols-2 row-cols-sm-3 row-cols-lg-4 g-2 g-sm-3 list-unstyled';

/** Suggested profiles as cards with a Like button each (match finder, signup suggestions). */
export function SuggestionGrid({ id, profiles, source }: { id: string; profiles: TLikedProfileCard[]; source: LikeSource }) {
  return (
    <ul id={id} className={SUGGESTION_GRID_CLASS}>
      {profiles.map((profile, index) => (
        <li key={profile.id} className="col">
          {/* The first row is above the fold on a phone: no lazy loading there (LCP). */}
          <ProfileCard
            profile={profile}
            eager={index < 2}
            action={<LikeButton compact profileId={profile.id} name={profile.name} source={source} />}
            footer={<CardLikeState profileId={profile.id} />}
          />
        </li>
      ))}
    </ul>
  );
}
