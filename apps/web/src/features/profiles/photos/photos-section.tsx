import { useState } from 'react';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TUser } from '@cupido/shared/contracts/accounts';
import type { TPhoto, TPhotoStatus } from '@cupido/shared/contracts/photos';
import { routePath } from '@cupido/shared/rules/routes';
import { ApiError } from '../../../api/client';
import { ServerError } from '../../session/server-error';
import { isAuthenticationRequired } from '../../session/query-client';
import { PROFILES_NS } from '../profiles-texts';
import { PHOTO_MAX_BYTES, photoLimit } from '../profile-limits';
import { PhotoDropzone } from './photo-dropzone';
import { useDeletePhoto, usePhotos, useSetMainPhoto, useUploadPhoto, type UploadProgress } from './photo-calls';

type Notice = { kind: 'success' | 'error'; text: string } | null;

const STATUS_BADGE: Record<TPhotoStatus, string> = { pending: 'text-bg-warning', approved: 'text-bg-success', rejected: 'text-bg-danger' };

function PhotoItem({ photo, index, onNotice }: { photo: TPhoto; index: number; onNotice: (notice: Notice) => void }) {
  const { t } = useTranslation(PROFILES_NS);
  const [confirming, setConfirming] = useState(false);
  const setMain = useSetMainPhoto();
  const remove = useDeletePhoto();
  const busy = setMain.isPending || remove.isPending;
  const failed = (error: unknown) => {
    if (!isAuthenticationRequired(error)) onNotice({ kind: 'error', text: error instanceof Error ? error.message : t('errors.generic') });
  };

  return (
    <li className="col" data-photo-id={photo.id} data-status={photo.status}>
      <div className="card h-100">
        {/* The display size, whole (a portrait is not cropped to the square thumbnail). */}
        <div className="ratio ratio-1x1 photo-tile photo-tile--whole">
          <img src={photo.url} alt={t('photos.thumbAlt', { number: index + 1 })} loading="lazy" />
        </div>
        <div className="photo-tile__badges">
          <span className={`badge ${STATUS_BADGE[photo.status]}`}>{t(`photos.status.${photo.status}`)}</span>
          {photo.is_main && <span className="badge text-bg-primary">{t('photos.main')}</span>}
        </div>
        {/* align-content-start: in the stretched card the grid rows would grow the buttons tall. */}
        <div className="card-body p-2 d-grid gap-1 align-content-start">
          {confirming ? (
            <>
              <span className="small">{t('photos.deleteConfirm')}</span>
              <button
                type="button"
                className="btn btn-danger btn-sm photo-delete-yes"
                disabled={busy}
                onClick={() =>
                  remove.mutate(photo.id, {
                    onSuccess: (answer) => onNotice({ kind: 'success', text: answer.message }),
                    onError: failed,
                  })
                }
              >
                {t('photos.deleteYes')}
              </button>
              <button type="button" className="btn btn-outline-secondary btn-sm" disabled={busy} onClick={() => setConfirming(false)}>
                {t('photos.keep')}
              </button>
            </>
          ) : (
            <>
              {!photo.is_main && (
                <button
                  type="button"
                  className="btn btn-outline-primary btn-sm photo-make-main"
                  disabled={busy}
                  onClick={() => setMain.mutate(photo.id, { onError: failed })}
                >
                  {t('photos.makeMain')}
                </button>
              )}
              <button
                type="button"
                className="btn btn-outline-danger btn-sm photo-delete"
                disabled={busy}
                onClick={() => setConfirming(true)}
                aria-label={t('photos.deleteLabel', { number: index + 1 })}
              >
                {t('photos.delete')}
              </button>
            </>
          )}
        </div>
      </div>
    </li>
  );
}

/**
 * The member's photos (spec sections 1, 5, 9): upload by picker or drag and drop with progress,
 * thumbnails with their moderation status, main photo, delete. The limit (3 free, 25 premium) is
 * the server's; its message shows when an upload is refused, with the Premium offer for free members.
 */
export function PhotosSection({ user }: { user: TUser }) {
  const { t } = useTranslation(PROFILES_NS);
  const photos = usePhotos();
  const [progress, setProgress] = useState<{ name: string; percent: number; processing: boolean } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const upload = useUploadPhoto(({ loaded, total }: UploadProgress) =>
    // The bytes sent so far; once all are sent the server still re-encodes the photo, said as such.
    setProgress((current) =>
      current ? { ...current, percent: Math.min(100, Math.floor((loaded / total) * 100)), processing: loaded >= total } : current,
    ),
  );
  const limit = photos.data?.limit ?? photoLimit(user.paid_user);
  const count = photos.data?.photos.length ?? 0;

  const uploadAll = async (files: File[]) => {
    setNotice(null);
    let uploaded = 0;
    for (const file of files) {
      if (file.size > PHOTO_MAX_BYTES) {
        setNotice({ kind: 'error', text: t('errors.photo_too_large', { megabytes: Math.floor(PHOTO_MAX_BYTES / (1024 * 1024)) }) });
        return;
      }
      setProgress({ name: file.name, percent: 0, processing: false });
      try {
        await upload.mutateAsync(file);
        uploaded += 1;
        setNotice({ kind: 'success', text: t('photos.uploaded', { count: uploaded }) });
      } catch (error) {
        if (!isAuthenticationRequired(error)) {
          setNotice({ kind: 'error', text: error instanceof ApiError ? error.message : t('errors.generic') });
        }
        return;
      } finally {
        setProgress(null);
      }
    }
  };

  return (
    <section className="mb-5" aria-labelledby="photos-title">
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-3">
        <h2 id="photos-title" className="h5 mb-0 me-auto">
          {t('photos.title')}
        </h2>
        <span id="photo-count" className="text-body-secondary">
          {t('photos.count', { number: count, limit })}
        </span>
      </div>
      {!user.paid_user && (
        <p id="photo-premium-hint" className="small">
          {t('photos.premiumHint', { limit: photoLimit(true) })} <Link to={routePath('premium')}>{t('common.getPremium')}</Link>
        </p>
      )}
      <PhotoDropzone disabled={!!progress} onFiles={(files) => void uploadAll(files)} />
      {progress && (
        <div id="photo-progress" className="mb-3">
          <div id="photo-progress-label" className="small mb-1 text-truncate">
            {t(progress.processing ? 'photos.processing' : 'photos.uploading', { name: progress.name })}
          </div>
          <ProgressBar
            now={progress.percent}
            label={`${progress.percent}%`}
            striped={progress.processing}
            animated={progress.processing}
            aria-label={t(progress.processing ? 'photos.processing' : 'photos.uploading', { name: progress.name })}
          />
        </div>
      )}
      <div aria-live="polite">
        {notice && (
          <div
            id={notice.kind === 'error' ? 'photo-error' : 'photo-notice'}
            className={`alert ${notice.kind === 'error' ? 'alert-danger' : 'alert-success'}`}
            role={notice.kind === 'error' ? 'alert' : 'status'}
          >
            {notice.text}
            {notice.kind === 'error' && count >= limit && !user.paid_user && (
              <>
                {' '}
                <Link to={routePath('premium')} className="alert-link">
                  {t('common.getPremium')}
                </Link>
              </>
            )}
          </div>
        )}
      </div>
      <ServerError error={photos.error} />
      {photos.data && count === 0 && <p className="text-body-secondary">{t('photos.none')}</p>}
      {photos.data?.photos.some((photo) => photo.status === 'pending') && (
        <p id="photo-pending-note" className="small">
          {t('photos.pendingNote')}
        </p>
      )}
      {photos.data?.photos.some((photo) => photo.status === 'rejected') && (
        <p id="photo-rejected-note" className="small">
          {t('photos.rejectedNote')}
        </p>
      )}
      {photos.data && count > 0 && (
        <ul id="photo-list" className="row row-cols-2 row-cols-sm-3 row-cols-md-4 g-3 list-unstyled">
          {photos.data.photos.map((photo, index) => (
            <PhotoItem key={photo.id} photo={photo} index={index} onNotice={setNotice} />
          ))}
        </ul>
      )}
      {count >= limit && (
        <p id="photo-limit-reached" className="small text-body-secondary">
          {t('photos.limitReached', { limit })}
        </p>
      )}
    </section>
  );
}
