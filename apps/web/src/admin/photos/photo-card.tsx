/**
 * One waiting photo in the queue's grid: the thumbnail (a link to the full size), who it belongs
 * to, whether others see it already ('post' sites) and whether it is the main photo, a checkbox
 * for bulk decisions, and approve / reject. The card itself is focusable (one tab stop for the
 * grid, arrow keys move between cards: photo-queue-screen.tsx).
 */
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPhotoQueueItem } from '@cupido/shared/contracts/photo-moderation';
import { ageParts } from './format-age';
import { RejectForm, type RejectChoice } from './reject-form';

interface Props {
  photo: TPhotoQueueItem;
  siteName: string;
  now: number;
  focused: boolean;
  selected: boolean;
  rejecting: boolean;
  busy: boolean;
  onFocus(): void;
  onToggle(): void;
  onApprove(): void;
  onStartReject(): void;
  onReject(choice: RejectChoice): void;
  onCancelReject(): void;
}

export const PhotoCard = forwardRef<HTMLElement, Props>(function PhotoCard(props, ref) {
  const { photo, siteName, now, focused, selected, rejecting, busy } = props;
  const { t } = useTranslation('photos');
  const age = photo.age === null ? t('age_unknown') : String(photo.age);
  const waited = ageParts(Math.max(0, (now - Date.parse(photo.uploaded_at)) / 1000));
  const checkboxId = `photo-select-${photo.photo_id}`;

  return (
    <article
      ref={ref}
      tabIndex={focused ? 0 : -1}
      aria-label={t('card_label', { name: photo.name, age, site: siteName })}
      className={`card h-100 ${selected ? 'border-primary border-2' : ''}`}
      data-photo-id={photo.photo_id}
      onFocus={props.onFocus}
    >
      <a href={photo.url} target="_blank" rel="noreferrer" tabIndex={-1} title={t('open_full')}>
        <img
          src={photo.thumb_url}
          alt={t('photo_alt', { name: photo.name })}
          className="card-img-top"
          width={320}
          height={320}
          loading="lazy"
          style={{ aspectRatio: '1', objectFit: 'cover', height: 'auto' }}
        />
      </a>
      <div className="card-body p-2 d-flex flex-column gap-1">
        <div className="form-check mb-0">
          <input
            id={checkboxId}
            type="checkbox"
            className="form-check-input"
            checked={selected}
            onChange={props.onToggle}
            tabIndex={focused ? 0 : -1}
          />
          <label className="form-check-label fw-semibold text-break" htmlFor={checkboxId}>
            <span className="visually-hidden">{t('select_photo', { name: photo.name })}: </span>
            {photo.name}, {age}
          </label>
        </div>
        <div className="small text-body-secondary text-break">
          {siteName} · {t('uploaded', { age: t(`age.${waited.unit}`, { count: waited.count }) })}
        </div>
        <div className="d-flex flex-wrap gap-1">
          {photo.is_main && <span className="badge text-bg-info">{t('main')}</span>}
          {photo.status === 'approved' ? (
            <span className="badge text-bg-warning">{t('shown_already')}</span>
          ) : (
            <span className="badge text-bg-secondary">{t('hidden_until_approved')}</span>
          )}
          {photo.is_fictional && <span className="badge text-bg-dark">{t('fictional')}</span>}
          <a className="small ms-auto" href={photo.url} target="_blank" rel="noreferrer" tabIndex={-1}>
            {t('open_full')}
          </a>
        </div>
        <div className="d-flex flex-wrap gap-1 mt-auto">
          <button
            type="button"
            className="btn btn-success btn-sm flex-fill"
            disabled={busy}
            onClick={props.onApprove}
            tabIndex={focused ? 0 : -1}
          >
            {t('approve')}
          </button>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm flex-fill"
            disabled={busy}
            onClick={props.onStartReject}
            tabIndex={focused ? 0 : -1}
            aria-expanded={rejecting}
          >
            {t('reject')}
          </button>
        </div>
        {rejecting && (
          <RejectForm
            legend={t('reject_form.legend', { name: photo.name })}
            busy={busy}
            onSubmit={props.onReject}
            onCancel={props.onCancelReject}
          />
        )}
      </div>
    </article>
  );
});
