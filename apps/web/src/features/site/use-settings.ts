import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { TSettings } from '@cupido/shared/contracts/contracts';

const SettingsContext = createContext<TSettings | null>(null);

/** Provides the site's settings. The app loads them before the shell renders; tests pass a fixture. */
export function SettingsProvider({ value, children }: { value: TSettings; children?: ReactNode }) {
  return createElement(SettingsContext.Provider, { value }, children);
}

/** The current site's settings, texts already in the active locale. */
export function useSettings(): TSettings {
  const settings = useContext(SettingsContext);
  if (!settings) throw new Error('useSettings() must be used inside <SettingsProvider>');
  return settings;
}
