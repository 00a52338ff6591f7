import { Link, useLocation } from 'react-router';
import type { TProfileCard } from '@cupido/shared/profiles';
import { routePath } from '@cupido/shared/routes';
import { PHOTO_THUMB_SIZE } from '@cupido/shared/photo-rules';
import { FictionalBadge } from '../../navigation/fictional-badge';
import { searchReturnState } from './search-return';

/** The photo of a card or profile, or the member's initial on a coloured square when there is none. */
export function ProfilePhoto({ name, src, className = '', eager = false }: { name: string; src: string | null; className?: string; eager?: boolean }) {
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

/**
 * One profile in search results, similar results and related profiles: photo, name, age, city,
 * and the fictional badge wherever it applies (trust.md: on every card).
 */
export function ProfileCard({ profile, linkTo, eager }: { profile: TProfileCard; linkTo?: string; eager?: boolean }) {
  const location = useLocation();
  return (
    <Link
      to={linkTo ?? routePath('members-id', { id: profile.id })}
      state={searchReturnState(location)}
      className="profile-card card h-100 text-reset text-decoration-none"
      data-profile-id={profile.id}
    >
      <div className="ratio ratio-1x1 profile-card__photo">
        <ProfilePhoto name={profile.name} src={profile.main_image} eager={eager} />
      </div>
      <div className="card-body p-2">
        <div className="profile-card__name fw-semibold text-truncate">
          {profile.name}, {profile.age}
        </div>
        {profile.city && <div className="small text-body-secondary text-truncate">{profile.city}</div>}
        {profile.is_fictional && (
          <div className="mt-1">
            <FictionalBadge />
          </div>
        )}
      </div>
    </Link>
  );
}
