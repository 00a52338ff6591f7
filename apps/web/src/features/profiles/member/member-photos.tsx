import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TMemberPhoto, TMemberProfile } from '@cupido/shared/contracts/profiles';
import { routePath } from '@cupido/shared/rules/routes';
import { SignupLink } from '../../accounts/signup-launcher';
import { PROFILES_NS } from '../profiles-texts';
import { PhotoViewer, type ViewerPhoto } from './photo-viewer';
import { LazyReportDialog } from './report-button';

type UnlockedPhoto = Extract<TMemberPhoto, { locked: false }>;

function LockIcon() {
  return (
    <svg className="lock-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 5a3 3 0 0 1 6 0v3H9V7Zm3 7a2 2 0 0 1 1 3.7V19h-2v-1.3A2 2 0 0 1 12 14Z"
      />
    </svg>
  );
}

/**
 * A profile's photos (spec section 2, profile view): unlocked thumbnails open the full-size
 * viewer; photos a free member may not see carry a lock (the server sends no address for them)
 * with the way to see them all: Premium for members, signing up for visitors.
 */
export function MemberPhotos({
  profile,
  viewer,
  canReport = false,
}: {
  profile: TMemberProfile;
  viewer: 'visitor' | 'free' | 'premium';
  canReport?: boolean;
}) {
  const { t } = useTranslation(PROFILES_NS);
  const [open, setOpen] = useState<number | null>(null);
  const [reporting, setReporting] = useState<number | null>(null);
  const unlocked = profile.photos.filter((photo): photo is UnlockedPhoto => !photo.locked);
  const lockedCount = profile.photos.length - unlocked.length;
  const viewerPhotos: ViewerPhoto[] = unlocked.map((photo) => ({ id: photo.id, url: photo.url }));

  return (
    <section id="member-photos" className="mb-4" aria-labelledby="member-photos-title">
      <h2 id="member-photos-title" className="h5">
        {t('member.photos')}{' '}
        <span id="member-photo-count" className="badge text-bg-light border align-middle">
          {t('member.photoCount', { number: profile.photo_count })}
        </span>
      </h2>
      {profile.photos.length === 0 ? (
        <p className="text-body-secondary">{t('member.noPhotos', { name: profile.name })}</p>
      ) : (
        <ul className="row row-cols-3 row-cols-sm-4 row-cols-md-6 g-2 list-unstyled mb-2">
          {profile.photos.map((photo, index) =>
            photo.locked ? (
              <li key={`locked-${index}`} className="col">
                <div className="ratio ratio-1x1">
                  <div className="photo-tile photo-tile--locked member-photo-locked" role="img" aria-label={t('member.lockedPhoto')}>
                    <LockIcon />
                  </div>
                </div>
              </li>
            ) : (
              <li key={photo.id} className="col">
                <div className="ratio ratio-1x1">
                  <button
                    type="button"
                    className="photo-tile member-photo"
                    onClick={() => setOpen(unlocked.indexOf(photo))}
                    aria-label={t('member.openPhoto', { number: unlocked.indexOf(photo) + 1, total: unlocked.length })}
                  >
                    <img src={photo.thumb_url} alt="" loading="lazy" />
                  </button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      {lockedCount > 0 && (
        <p id="member-locked" className="small mb-0">
          {t('member.lockedCount', { number: lockedCount })}{' '}
          {viewer === 'visitor' ? (
            <SignupLink id="member-unlock">{t('member.signupToSeeAll')}</SignupLink>
          ) : (
            <Link id="member-unlock" to={routePath('premium')}>
              {t('member.premiumToSeeAll')}
            </Link>
          )}
        </p>
      )}
      <PhotoViewer
        name={profile.name}
        photos={viewerPhotos}
        index={open}
        onIndex={setOpen}
        onClose={() => setOpen(null)}
        // One dialog at a time: the viewer closes, the report dialog opens for that photo.
        onReport={
          canReport
            ? (photoId) => {
                setOpen(null);
                setReporting(photoId);
              }
            : undefined
        }
      />
      {reporting !== null && (
        <LazyReportDialog
          key={reporting}
          show
          onHide={() => setReporting(null)}
          profileId={profile.id}
          photoId={reporting}
          title={t('report.photoTitle', { name: profile.name })}
        />
      )}
    </section>
  );
}
