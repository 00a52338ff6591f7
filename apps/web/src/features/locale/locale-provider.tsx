import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { changeLocale } from '../../i18n/i18n';
import { writeLocaleCookie } from './locale-cookie';
import { LocaleContext, type LocaleState } from './use-locale';

/**
 * Holds the active locale. Switching loads the catalogue, re-renders in the new language,
 * remembers the choice in the i18n_redirected cookie and updates <html lang>; the settings
 * query is keyed by locale, so the settings texts refetch by themselves. <html lang> follows the
 * visible locale from the first render on, also when it differs from the shell's.
 */
export function LocaleProvider({ initialLocale, children }: { initialLocale: LocaleCode; children: ReactNode }) {
  const [locale, setLocaleState] = useState<LocaleCode>(initialLocale);

  const setLocale = useCallback(async (code: LocaleCode) => {
    await changeLocale(code);
    writeLocaleCookie(code);
    document.documentElement.lang = code;
    setLocaleState(code);
  }, []);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const value = useMemo<LocaleState>(() => ({ locale, setLocale }), [locale, setLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}
