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
import { afterFirstScreen } from './platform/after-first-screen';
import { startInstallableApp } from './features/installable-app/installed-app';
import { warmIcuOffMainThread } from './platform/icu-warmup';
import { safeLocalStorage } from './features/tracking/ad-consent';

/**
 * Ends the current task, so the browser can paint, take input and run other work before the next
 * step. Each boot step below is cheap alone; run as one task they were a long task of about 100 ms
 * on a desktop (four times that on a phone). The first use of localStorage, of the cookie jar and
 * of ICU each pays a one-time cost in the browser: a synchronous call to the browser process, or
 * loading ICU's tables, 10-30 ms each under Lighthouse's tracing (issue 29, TBT; decision 075).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  // The network first: the page's chunk and the session call are on their way before anything else runs.
  preloadRoute(window.location.pathname);
  // ICU's tables loaded by a worker on another core (decision 075). Not waited for: the first
  // screen's first number or date format comes after its data, when the worker is done. Once it
  // is, the time zone is read in a task of its own: nearly free then, or, where the worker could
  // not run, ICU's loading paid there rather than inside the first screen's tasks.
  void warmIcuOffMainThread(document.documentElement.lang).then(nextTask).then(browserTimeZone);
  const queryClient = createAppQueryClient({ queries: { retry: false, refetchOnWindowFocus: false } });
  // The session loads alongside the settings, so the first render knows who is here.
  void queryClient.prefetchQuery(sessionQueryOptions);
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  await nextTask();
  // Only opens this origin's localStorage (a synchronous call to the browser process), in a task of its own.
  safeLocalStorage();
  await nextTask();
  // Its first read of localStorage loads this origin's storage.
  captureTrackingParams();
  // Spec section 2: `lb` in the query logs the visit and when it was left (a chunk of its own, only then).
  if (new URLSearchParams(window.location.search).has('lb')) {
    import('./features/traffic/bounce-logging')
      .then(({ startBounceLogging }) => startBounceLogging())
      .catch(() => {
        // Not logged: the figures miss one visit, the visitor misses nothing.
      });
  }
  startInstallableApp();
  await nextTask();
  const cookieLocale = readLocaleCookie();
  await nextTask();
  const routeQuery = settingsRouteQuery(window.location.search);
  try {
    // The page carries the first answer (decision 045): no round trip before the first screen.
    const initial = loadInitialSettings(queryClient, cookieLocale, routeQuery, pageSettingsFirst(fetchSettings));
    const { settings, locale } = await initial;
    await changeLocale(locale);
    document.documentElement.lang = locale;
    // The site's colours, worked out for contrast, in a task of their own before the first render.
    await nextTask();
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
    // The next screens' code before the tap (spec section 7), once this one is there; a chunk of its
    // own. Fetched, not run: the tap runs it (decision 069).
    afterFirstScreen(() => {
      import('./app/route-prefetch')
        .then(({ startPrefetchingLinks }) => startPrefetchingLinks())
        .catch(() => {
          // No prefetch: each screen loads its code when it is opened, as without it.
        });
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
