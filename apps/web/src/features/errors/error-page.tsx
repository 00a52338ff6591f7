import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../page-title/use-page-title';
import { isRouteErrorResponse, Link } from 'react-router';
import { ApiError } from '../../api/client';
import { NotFoundPage } from './not-found-page';

/** Status and message of a route error: HTTP-like errors keep theirs, anything else is a 500. */
export function describeRouteError(error: unknown): { status: number; message: string | null } {
  if (isRouteErrorResponse(error)) {
    const data = error.data as unknown;
    const message = typeof data === 'string' && data ? data : error.statusText || null;
    return { status: error.status, message };
  }
  if (error instanceof ApiError) return { status: error.status || 500, message: error.message || null };
  return { status: 500, message: null };
}

/** Shown for errors thrown while rendering or loading a route (spec section 8; app/route-error-boundary.tsx). */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { status, message } = describeRouteError(error);
  usePageTitle(t('errors.generic.title', { status }));
  if (status === 404) return <NotFoundPage />;
  return (
    <section className="container py-5 text-center error-page">
      <p className="display-4 fw-bold text-primary mb-2" aria-hidden="true">
        {status}
      </p>
      <h1 className="h3 mb-3">{t('errors.generic.title', { status })}</h1>
      <p className="text-body-secondary">{message ?? t('errors.generic.text')}</p>
      <Link to="/" className="btn btn-primary">
        {t('errors.backHome')}
      </Link>
    </section>
  );
}
