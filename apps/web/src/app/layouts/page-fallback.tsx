import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

/** Shown while a lazy page's chunk loads (the loading bar covers slow data). */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="d-flex justify-content-center py-5">
      <Spinner animation="border" role="status" variant="primary">
        <span className="visually-hidden">{t('common.loading')}</span>
      </Spinner>
    </div>
  );
}
