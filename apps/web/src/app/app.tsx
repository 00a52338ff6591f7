import { useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import type { LocaleCode } from '@cupido/shared/locales';
import { i18n } from '../i18n/i18n';
import { LocaleProvider } from '../features/locale/locale-provider';
import { LoadingBar } from '../ui/loading-bar';
import { SettingsGate } from './settings-gate';
import { createAppRouter } from './router';

export interface AppProps {
  queryClient: QueryClient;
  initialLocale: LocaleCode;
  routeQuery: Record<string, string>;
}

export function App({ queryClient, initialLocale, routeQuery }: AppProps) {
  const [router] = useState(createAppRouter);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocaleProvider initialLocale={initialLocale}>
          <LoadingBar />
          <SettingsGate routeQuery={routeQuery}>
            <RouterProvider router={router} />
          </SettingsGate>
        </LocaleProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
