import { useEffect, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TSettings } from '@cupido/shared/contracts/contracts';
import type { ApiError } from '../api/client';
import { useLocale } from '../features/locale/use-locale';
import { SettingsProvider } from '../features/site/use-settings';
import { fetchSettings, settingsQueryKey } from '../features/site/settings-query';
import { applyTheme } from './theme';
import { BootError } from './boot-error';

/**
 * Keeps the settings of the active locale in context. They are in the cache before the first
 * render (see main.tsx); after a locale switch the previous settings stay on screen while
 * the translated ones load, so nothing flashes.
 */
export function SettingsGate({ routeQuery, children }: { routeQuery: Record<string, string>; children: ReactNode }) {
  const { locale } = useLocale();
  const { data, error } = useQuery<TSettings, ApiError>({
    queryKey: settingsQueryKey(locale, routeQuery),
    queryFn: () => fetchSettings(locale, routeQuery),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false, // the client already retries
  });
  const themeColor = data?.theme_color;
  useEffect(() => {
    if (themeColor) applyTheme(themeColor);
  }, [themeColor]);

  if (!data) return error ? <BootError error={error} /> : null;
  return <SettingsProvider value={data}>{children}</SettingsProvider>;
}
