import { lazy, Suspense } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, useRoutes } from 'react-router';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { i18n } from '../i18n/i18n';
import { LocaleProvider } from '../features/locale/locale-provider';
import { LoadingBar } from '../ui/loading-bar';
import { SettingsGate } from './settings-gate';
import { appRoutes } from './router';
import { RouteFocus } from './route-focus';
import { AdConsentBanner } from '../features/personal-data/ad-consent-banner';
import { LikesProvider } from '../features/likes/likes-provider';
import { ProfileChatActionsProvider } from './profile-chat-actions';
import { ChatsProvider } from '../features/chats/chats-provider';

export interface AppProps {
  queryClient: QueryClient;
  initialLocale: LocaleCode;
  routeQuery: Record<string, string>;
}

/**
 * Scroll restoration matters from the first navigation on, not for the first screen: it loads in
 * its own small chunk beside the page's (~0.8 KB gzip out of the shell's budget). Offline, the
 * browser's own restoration stays in charge rather than a reload.
 */
const ScrollRestoration = lazy(() =>
  import('./scroll-restoration').then(
    (module) => ({ default: module.ScrollRestoration }),
    () => ({ default: () => null }),
  ),
);

function AppRoutes() {
  return useRoutes(appRoutes);
}

export function App({ queryClient, initialLocale, routeQuery }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocaleProvider initialLocale={initialLocale}>
          <LoadingBar />
          <SettingsGate routeQuery={routeQuery}>
            <BrowserRouter>
              <Suspense fallback={null}>
                <ScrollRestoration />
              </Suspense>
              <RouteFocus />
              {/* Chats around likes: the app badge (in LikesProvider) adds both counts. */}
              <ChatsProvider>
                <LikesProvider>
                  <ProfileChatActionsProvider>
                    <AppRoutes />
                  </ProfileChatActionsProvider>
                </LikesProvider>
              </ChatsProvider>
              {/* After the page, so the skip link stays the first stop; Shift+Tab from the top reaches it at once. */}
              <AdConsentBanner />
            </BrowserRouter>
          </SettingsGate>
        </LocaleProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
