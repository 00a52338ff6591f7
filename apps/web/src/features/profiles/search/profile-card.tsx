import { Link } from 'react-router';
import type { TProfileCard } from '@cupido/shared/profiles';
import { routePath } from '@cupido/shared/routes';
import { FictionalBadge } from '../../navigation/fictional-badge';

/** The photo of a card or profile, or the member's initial on a coloured square when there is none. */
export function ProfilePhoto({ name, src, className = '' }: { name: string; src: string | null; className?: string }) {
  if (src) return <img className={`profile-photo ${className}`} src={src} alt="" loading="lazy" decoding="async" />;
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
export function ProfileCard({ profile, linkTo }: { profile: TProfileCard; linkTo?: string }) {
  return (
    <Link to={linkTo ?? routePath('members-id', { id: profile.id })} className="profile-card card h-100 text-reset text-decoration-none" data-profile-id={profile.id}>
      <div className="ratio ratio-1x1 profile-card__photo">
        <ProfilePhoto name={profile.name} src={profile.main_image} />
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
