import { useParams } from 'react-router';
import { STATIC_PAGE_SLUGS, type StaticPageSlug } from '@cupido/shared/rules/routes';
import { NotFoundPage } from '../errors/not-found-page';
import StaticPage from './static-page';

/** True for a token of the static-page catalogue (the server's isServedPath answers 200 for exactly these). */
export function isStaticPageToken(token: string | undefined): token is StaticPageSlug {
  return (STATIC_PAGE_SLUGS as readonly (string | undefined)[]).includes(token);
}

/**
 * The spec's `{token}` static page (section 2, decision 053): /pages/{token} shows the page of the
 * static-page catalogue with that token, exactly as its named route does; any other token is the
 * 404 page (and the server's status for it is 404 too).
 */
export default function StaticTokenPage() {
  const { token } = useParams();
  if (!isStaticPageToken(token)) return <NotFoundPage />;
  return <StaticPage key={token} slug={token} />;
}
