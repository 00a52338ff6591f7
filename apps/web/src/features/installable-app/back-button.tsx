import { useTranslation } from 'react-i18next';
import { matchRoutes, useLocation, useNavigate } from 'react-router';
import { ROUTES, type RouteName } from '@cupido/shared/rules/routes';
import { isInstalledApp } from './installed-app';
import { showBackButton } from './back-button-rules';
import { INSTALLABLE_APP_NS, InstallableAppTexts } from './installable-app-texts';

/**
 * The route name of a path, ranked as the router ranks its routes (/credits/repeat-order is not
 * credits-id-paymentmethod), from the shared route table: the app's router sits above this chunk.
 */
const NAMED_ROUTES = Object.entries(ROUTES).map(([name, path]) => ({ path, name: name as RouteName }));
function routeNameOf(pathname: string): RouteName | undefined {
  return matchRoutes(NAMED_ROUTES, pathname)?.at(-1)?.route.name;
}

/**
 * The installed app's Back button (spec section 2), its own chunk: the top bar loads it only in
 * standalone display, where the browser shows no Back button of its own.
 */
export default function BackButton() {
  const { pathname } = useLocation();
  const shown = showBackButton({
    installedApp: isInstalledApp(),
    historyLength: window.history.length,
    inAppIndex: Number((window.history.state as { idx?: unknown } | null)?.idx) || 0,
    routeName: routeNameOf(pathname),
  });
  if (!shown) return null;
  return (
    <InstallableAppTexts>
      <Back />
    </InstallableAppTexts>
  );
}

function Back() {
  const { t } = useTranslation(INSTALLABLE_APP_NS);
  const navigate = useNavigate();
  return (
    <button
      type="button"
      id="app-back-button"
      className="btn btn-link app-back-button me-1 px-2"
      aria-label={t('back')}
      onClick={() => navigate(-1)}
    >
      <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 16 16" fill="currentColor">
        <path
          fillRule="evenodd"
          d="M11.354 1.646a.5.5 0 0 1 0 .708L5.707 8l5.647 5.646a.5.5 0 0 1-.708.708l-6-6a.5.5 0 0 1 0-.708l6-6a.5.5 0 0 1 .708 0z"
        />
      </svg>
    </button>
  );
}
