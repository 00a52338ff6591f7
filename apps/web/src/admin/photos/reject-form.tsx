/**
 * Why a photo (or the selected photos) is rejected: a reason from the shared list, and a note the
 * member reads in the statement of reasons ("Other" needs one). Escape cancels; the reason list
 * takes focus when the form opens, so R, a letter or two and Enter reject from the keyboard.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PHOTO_REJECT_REASON_NEEDING_NOTE,
  PHOTO_REJECT_REASONS,
  PHOTO_REVIEW_NOTE_MAX,
  type TPhotoRejectReason,
} from '@cupido/shared/contracts/photo-moderation';

export interface RejectChoice {
  reason: TPhotoRejectReason;
  note: string | undefined;
}

interface Props {
  legend: string;
  busy: boolean;
  onSubmit(choice: RejectChoice): void;
  onCancel(): void;
}

export function RejectForm({ legend, busy, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('photos');
  const id = useId();
  const reasonRef = useRef<HTMLSelectElement>(null);
  const [reason, setReason] = useState<TPhotoRejectReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<{ field: 'reason' | 'note'; text: string } | null>(null);

  useEffect(() => reasonRef.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError({ field: 'reason', text: t('reject_form.reason_required') });
    if (reason === PHOTO_REJECT_REASON_NEEDING_NOTE && !note.trim())
      return setError({ field: 'note', text: t('reject_form.note_required') });
    setError(null);
    onSubmit({ reason, note: note.trim() || undefined });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <form className="border rounded p-2 mt-2 bg-body-tertiary" onSubmit={submit} onKeyDown={onKeyDown} noValidate data-no-shortcuts>
      <fieldset disabled={busy}>
        <legend className="fs-6 fw-semibold">{legend}</legend>
        <div className="mb-2">
          <label className="form-label small mb-1" htmlFor={`${id}-reason`}>
            {t('reject_form.reason')}
          </label>
          <select
            ref={reasonRef}
            id={`${id}-reason`}
            className={`form-select form-select-sm${error?.field === 'reason' ? ' is-invalid' : ''}`}
            value={reason}
            required
            aria-invalid={error?.field === 'reason'}
            aria-describedby={error?.field === 'reason' ? `${id}-error` : undefined}
            onChange={(e) => setReason(e.target.value as TPhotoRejectReason)}
          >
            <option value="">{t('reject_form.choose_reason')}</option>
            {PHOTO_REJECT_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`reasons.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="mb-2">
          <label className="form-label small mb-1" htmlFor={`${id}-note`}>
            {t('reject_form.note')}
          </label>
          <textarea
            id={`${id}-note`}
            className={`form-control form-control-sm${error?.field === 'note' ? ' is-invalid' : ''}`}
            rows={2}
            maxLength={PHOTO_REVIEW_NOTE_MAX}
            value={note}
            aria-invalid={error?.field === 'note'}
            aria-describedby={`${id}-hint${error?.field === 'note' ? ` ${id}-error` : ''}`}
            onChange={(e) => setNote(e.target.value)}
          />
          <div id={`${id}-hint`} className="form-text">
            {t('reject_form.note_hint')}
          </div>
        </div>
        {error && (
          <div id={`${id}-error`} className="text-danger small mb-2" role="alert">
            {error.text}
          </div>
        )}
        <div className="d-flex flex-wrap gap-2">
          <button type="submit" className="btn btn-danger btn-sm">
            {t('reject_form.submit')}
          </button>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onCancel}>
            {t('reject_form.cancel')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
