import { useTranslation } from 'react-i18next';

/** When the site's settings cannot load there is no shell to show: a plain message and a retry. */
export function BootError({ error }: { error: { message: string; status?: number } }) {
  const { t } = useTranslation();
  return (
    <main className="container py-5 text-center">
      <h1 className="h3 mb-3">{t('errors.boot.title')}</h1>
      <p className="text-body-secondary">{error.message || t('errors.generic.text')}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('errors.boot.retry')}
      </button>
    </main>
  );
}
