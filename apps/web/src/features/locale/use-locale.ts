import { createContext, useContext } from 'react';
import type { LocaleCode } from '@cupido/shared/rules/locales';

export interface LocaleState {
  locale: LocaleCode;
  setLocale(code: LocaleCode): Promise<void>;
}

export const LocaleContext = createContext<LocaleState | null>(null);

/** The active locale and the way to change it (no reload, no URL prefix, remembered in a cookie). */
export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale() must be used inside <LocaleProvider>');
  return state;
}
