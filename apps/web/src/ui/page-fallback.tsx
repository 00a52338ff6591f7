import { useTranslation } from 'react-i18next';

/** Shown while a lazy page's chunk loads (the loading bar covers slow data). Plain markup: no react-bootstrap up front. */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="d-flex justify-content-center py-5">
      <div className="spinner-border text-primary" role="status">
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    </div>
  );
}
