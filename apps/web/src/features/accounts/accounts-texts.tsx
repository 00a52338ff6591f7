import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { DEFAULT_LOCALE, type LocaleCode } from '@cupido/shared/locales';
import { i18n, loadLocale, registerNamespace, type Catalogue } from '../../i18n/i18n';
import { useLocale } from '../locale/use-locale';
import { PageFallback } from '../../app/layouts/page-fallback';
import en from './texts/en.json';

/**
 * The i18next namespace of the account screens, the signup modal and the members' navigation.
 * It loads with those chunks, so the home page's initial bundle carries none of it.
 */
export const ACCOUNTS_NS = 'accounts';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });

export async function loadAccountsTexts(code: LocaleCode): Promise<Catalogue> {
  if (code === DEFAULT_LOCALE) return en;
  const load = otherLocales[`./texts/${code}.json`];
  return load ? load() : {};
}

i18n.addResourceBundle(DEFAULT_LOCALE, ACCOUNTS_NS, en, true, true);
const registration = registerNamespace(ACCOUNTS_NS, loadAccountsTexts);

function subscribeToAddedTexts(onChange: () => void): () => void {
  i18n.store.on('added', onChange);
  return () => i18n.store.off('added', onChange);
}

/** True once the accounts texts of the active locale are in i18next; starts loading them when not. */
export function useAccountsTexts(): boolean {
  const { locale } = useLocale();
  const ready = useSyncExternalStore(subscribeToAddedTexts, () => i18n.hasResourceBundle(locale, ACCOUNTS_NS));
  useEffect(() => {
    if (ready) return;
    registration
      .then(() => loadLocale(locale))
      // A chunk that failed even after the reload guard: English (the fallback) for this visit.
      .catch(() => i18n.addResourceBundle(locale, ACCOUNTS_NS, {}, true, false));
  }, [locale, ready]);
  return ready;
}

/** Renders its children once the texts are there: a spinner for pages, nothing for small parts. */
export function AccountsTexts({ children, fallback = <PageFallback /> }: { children: ReactNode; fallback?: ReactNode }) {
  return useAccountsTexts() ? children : fallback;
}
