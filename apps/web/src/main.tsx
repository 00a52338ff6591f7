import './app/zod-jitless';
import './styles/app.scss';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './app/app';
import { BootError } from './app/boot-error';
import { loadInitialSettings, pageSettingsFirst } from './app/bootstrap';
import { applyTheme } from './app/theme';
import { captureTrackingParams } from './features/tracking/tracking';
import { browserTimeZone } from './features/likes/time-zone';
import { readLocaleCookie } from './features/locale/locale-cookie';
import { fetchSettings, settingsRouteQuery } from './features/site/settings-query';
import { changeLocale, i18n } from './i18n/i18n';
import { ApiError } from './api/client';
import { createAppQueryClient } from './features/session/query-client';
import { sessionQueryOptions } from './features/session/use-session';
import { preloadRoute } from './app/router';
import { startInstallableApp } from './features/installable-app/installed-app';

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  preloadRoute(window.location.pathname);
  captureTrackingParams();
  startInstallableApp();
  const routeQuery = settingsRouteQuery(window.location.search);
  const queryClient = createAppQueryClient({ queries: { retry: false, refetchOnWindowFocus: false } });
  // The session loads alongside the settings, so the first render knows who is here.
  void queryClient.prefetchQuery(sessionQueryOptions);
  try {
    // The page carries the first answer (decision 045): no round trip before the first screen.
    const initial = loadInitialSettings(queryClient, readLocaleCookie(), routeQuery, pageSettingsFirst(fetchSettings));
    // Chromium loads ICU's data on the first Intl call (about 30 ms on a desktop, four times that
    // on a phone), whichever call it is. Made here, while the settings and the session are on
    // their way, it is paid before the first paint instead of in the first screen's tasks.
    browserTimeZone();
    const { settings, locale } = await initial;
    await changeLocale(locale);
    document.documentElement.lang = locale;
    applyTheme(settings.theme_color);
    // The first render is a transition: React renders it in slices and yields to the browser
    // between them, instead of one task that blocks the phone's main thread (issue 29, TBT).
    startTransition(() => {
      root.render(
        <StrictMode>
          <App queryClient={queryClient} initialLocale={locale} routeQuery={routeQuery} />
        </StrictMode>,
      );
    });
  } catch (error) {
    const shown = error instanceof ApiError ? error : { message: '' };
    root.render(
      <I18nextProvider i18n={i18n}>
        <BootError error={shown} />
      </I18nextProvider>,
    );
  }
}

void start();
