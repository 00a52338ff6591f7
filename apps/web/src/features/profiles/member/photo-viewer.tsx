import { useEffect } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { PROFILES_NS } from '../profiles-texts';

export interface ViewerPhoto {
  id: number;
  url: string;
}

/**
 * The full-size photo viewer: a modal dialog with the unlocked photos only; the arrow keys (and
 * the buttons) go to the previous and next photo, Escape closes it.
 */
export function PhotoViewer({
  name,
  photos,
  index,
  onIndex,
  onClose,
  onReport,
}: {
  name: string;
  photos: ViewerPhoto[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
  /** Members may report the photo shown (trust.md: a report button on every photo). */
  onReport?: (photoId: number) => void;
}) {
  const { t } = useTranslation(PROFILES_NS);
  const open = index !== null && photos.length > 0;
  const current = open ? Math.min(index, photos.length - 1) : 0;
  const total = photos.length;
  const go = (step: number) => onIndex((current + step + total) % total);

  useEffect(() => {
    if (!open || total < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') onIndex((current + 1) % total);
      else if (event.key === 'ArrowLeft') onIndex((current - 1 + total) % total);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, current, total, onIndex]);

  const photo = photos[current];
  return (
    <Modal show={open} onHide={onClose} size="lg" centered className="photo-viewer" aria-labelledby="photo-viewer-title" id="photo-viewer">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="photo-viewer-title" className="h6">
          {t('member.viewerTitle', { name })}{' '}
          <span className="text-body-secondary fw-normal">({t('member.viewerPosition', { number: current + 1, total })})</span>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0">
        {photo && <img id="photo-viewer-image" src={photo.url} alt={t('member.viewerAlt', { name, number: current + 1, total })} />}
      </Modal.Body>
      {photo && onReport && (
        <div className="px-3 pt-2 text-end">
          <button id="photo-viewer-report" type="button" className="btn btn-link btn-sm p-0" onClick={() => onReport(photo.id)}>
            {t('report.photoButton')}
          </button>
        </div>
      )}
      {total > 1 && (
        <Modal.Footer className="justify-content-between">
          <button id="photo-viewer-previous" type="button" className="btn btn-outline-secondary" onClick={() => go(-1)}>
            <span aria-hidden="true">‹</span> {t('member.previousPhoto')}
          </button>
          <button id="photo-viewer-next" type="button" className="btn btn-outline-secondary" onClick={() => go(1)}>
            {t('member.nextPhoto')} <span aria-hidden="true">›</span>
          </button>
        </Modal.Footer>
      )}
    </Modal>
  );
}
