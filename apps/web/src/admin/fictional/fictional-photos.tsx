/** The photos of a fictional profile: upload (approved at once), make main, delete; each answer is the profile as it now is. */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFictionalProfile } from '@cupido/shared/contracts/fictional-profiles';
import { adminFetch, AdminApiError } from '../api';
import { uploadFictionalPhoto } from './fictional-calls';

export function FictionalPhotos({ profile, onChange }: { profile: TFictionalProfile; onChange: (next: TFictionalProfile) => void }) {
  const { t } = useTranslation('fictional');
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<TFictionalProfile>) => {
    setBusy(true);
    setError(null);
    try {
      onChange(await work());
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : t('error'));
    } finally {
      setBusy(false);
    }
  };

  const upload = (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      fileInput.current?.focus();
      return;
    }
    void run(async () => {
      const answer = await uploadFictionalPhoto(profile.id, file);
      if (fileInput.current) fileInput.current.value = '';
      return answer;
    });
  };

  return (
    <section className="card mb-3" aria-labelledby="fictional-photos-title">
      <div className="card-body">
        <h2 id="fictional-photos-title" className="h5">
          {t('photos.title')}
        </h2>
        <p className="small text-body-secondary">{t('photos.help')}</p>
        {profile.photos.length === 0 ? (
          <p>{t('photos.none')}</p>
        ) : (
          <ul className="list-unstyled d-flex flex-wrap gap-3">
            {profile.photos.map((photo, index) => (
              <li key={photo.id} className="card" style={{ width: 160 }}>
                <img
                  src={photo.thumb_url}
                  alt={t('photos.alt', { number: index + 1, name: profile.name })}
                  width={160}
                  height={160}
                  className="card-img-top object-fit-cover"
                />
                <div className="card-body p-2 d-grid gap-1">
                  {photo.is_main ? (
                    <span className="badge text-bg-success">{t('photos.main')}</span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-outline-primary btn-sm"
                      disabled={busy}
                      aria-label={t('photos.make_main_label', { number: index + 1 })}
                      onClick={() =>
                        void run(() => adminFetch(`/fictional-profiles/${profile.id}/photos/${photo.id}/main`, { method: 'POST' }))
                      }
                    >
                      {t('photos.make_main')}
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-outline-danger btn-sm"
                    disabled={busy}
                    aria-label={t('photos.delete_label', { number: index + 1 })}
                    onClick={() => {
                      if (window.confirm(t('photos.confirm_delete')))
                        void run(() => adminFetch(`/fictional-profiles/${profile.id}/photos/${photo.id}`, { method: 'DELETE' }));
                    }}
                  >
                    {t('photos.delete')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <form className="row g-2 align-items-end" onSubmit={upload}>
          <div className="col-12 col-sm-8">
            <label className="form-label" htmlFor="fictional-photo-file">
              {t('photos.file')}
            </label>
            <input
              ref={fileInput}
              id="fictional-photo-file"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif"
              className="form-control"
            />
          </div>
          <div className="col-12 col-sm-4">
            <button type="submit" className="btn btn-primary w-100" disabled={busy}>
              {busy ? t('photos.uploading') : t('photos.upload')}
            </button>
          </div>
        </form>
        {error && (
          <p role="alert" className="alert alert-danger mt-2 mb-0">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
