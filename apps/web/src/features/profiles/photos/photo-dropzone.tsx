import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILES_NS } from '../profiles-texts';
import { PHOTO_ACCEPT, PHOTO_MAX_BYTES } from '../profile-limits';

/**
 * Choose photos with the file picker (a real, focusable file input behind its label) or drop
 * them on the zone. Several files at once are uploaded one after another.
 */
export function PhotoDropzone({ disabled, onFiles }: { disabled: boolean; onFiles: (files: File[]) => void }) {
  const { t } = useTranslation(PROFILES_NS);
  const [over, setOver] = useState(false);

  const onDragOver = (event: DragEvent) => {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled && event.dataTransfer.files.length > 0) onFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <div
      id="photo-dropzone"
      className={`photo-dropzone mb-3${over ? ' photo-dropzone--over' : ''}`}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <input
        id="photo-input"
        type="file"
        className="visually-hidden"
        accept={PHOTO_ACCEPT}
        multiple
        disabled={disabled}
        aria-describedby="photo-formats"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = ''; // the same file can be chosen again after a refusal
          if (files.length > 0) onFiles(files);
        }}
      />
      <label htmlFor="photo-input" className={`btn btn-primary${disabled ? ' disabled' : ''}`}>
        {t('photos.choose')}
      </label>
      <div className="mt-2 text-body-secondary">{t('photos.drop')}</div>
      <div id="photo-formats" className="form-text">
        {t('photos.formats', { megabytes: Math.floor(PHOTO_MAX_BYTES / (1024 * 1024)) })}
      </div>
    </div>
  );
}
