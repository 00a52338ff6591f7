import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TProfileCard } from '@cupido/shared/contracts/profiles';
import { routePath } from '@cupido/shared/rules/routes';
import { PHOTO_THUMB_SIZE } from '@cupido/shared/rules/photos';
import { FictionalBadge } from '../navigation/fictional-badge';
import { DistanceAndActivity } from './distance-and-activity';
import './profile-cards.scss';

/** The photo of a card or profile, or the member's initial on a coloured square when there is none. */
export function ProfilePhoto({
  name,
  src,
  className = '',
  eager = false,
}: {
  name: string;
  src: string | null;
  className?: string;
  eager?: boolean;
}) {
  // The thumbnail's own size: the browser reserves its box before it loads (no layout shift).
  if (src) {
    return (
      <img
        className={`profile-photo ${className}`}
        src={src}
        alt=""
        width={PHOTO_THUMB_SIZE}
        height={PHOTO_THUMB_SIZE}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
    );
  }
  return (
    <span className={`profile-photo profile-photo--initial ${className}`} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

export interface ProfileCardProps {
  profile: TProfileCard;
  linkTo?: string;
  /** History state the profile link carries (search hands its URL on for "Back to search"). */
  linkState?: unknown;
  eager?: boolean;
  /** A control over the photo (the like button): beside the link, never inside it. */
  action?: ReactNode;
  /** Below the name (a state label, a "new" mark). */
  footer?: ReactNode;
}

/**
 * One profile in search results, related profiles and the likes pages: photo, name, age, city,
 * how far away and how active it is when the server says so, and the fictional badge wherever it
 * applies (trust.md: on every card). Shared by the profile screens and liking, so it lives below
 * both.
 */
export function ProfileCard({ profile, linkTo, linkState, eager, action, footer }: ProfileCardProps) {
  return (
    <div className="profile-card card h-100" data-profile-id={profile.id}>
      <Link
        to={linkTo ?? routePath('members-id', { id: profile.id })}
        state={linkState}
        className="profile-card__link text-reset text-decoration-none"
      >
        <div className="ratio ratio-1x1 profile-card__photo">
          <ProfilePhoto name={profile.name} src={profile.main_image} eager={eager} />
        </div>
        <div className="card-body p-2">
          <div className="profile-card__name fw-semibold text-truncate">
            {profile.name}, {profile.age}
          </div>
          {profile.city && <div className="small text-body-secondary text-truncate">{profile.city}</div>}
          <DistanceAndActivity distanceKm={profile.distance_km} activity={profile.activity} className="small" stacked />
          {profile.is_fictional && (
            <div className="mt-1">
              <FictionalBadge />
            </div>
          )}
        </div>
      </Link>
      {footer}
      {action && <div className="profile-card__action">{action}</div>}
    </div>
  );
}
