import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../page-title/use-page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.notFound.title'));
  return (
    <section className="container py-5 text-center error-page">
      <p className="display-4 fw-bold text-primary mb-2" aria-hidden="true">
        404
      </p>
      <h1 className="h3 mb-3">{t('errors.notFound.title')}</h1>
      <p className="text-body-secondary">{t('errors.notFound.text')}</p>
      <Link to="/" className="btn btn-primary">
        {t('errors.backHome')}
      </Link>
    </section>
  );
}
