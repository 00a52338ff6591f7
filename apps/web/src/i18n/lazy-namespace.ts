import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, type LocaleCode } from '@cupido/shared/rules/locales';
import { useLocale } from '../features/locale/use-locale';
import { i18n, loadLocale, registerNamespace, type Catalogue } from './i18n';

function subscribeToAddedTexts(onChange: () => void): () => void {
  i18n.store.on('added', onChange);
  return () => i18n.store.off('added', onChange);
}

/**
 * Registers a feature's own i18next namespace that loads with the feature's chunks: English (the
 * fallback) comes with the chunk that calls this, every other language is its own small chunk
 * (`others`: import.meta.glob of the feature's `texts/<code>.json`, English excluded).
 */
export function registerLazyNamespace(ns: string, en: Catalogue, others: Record<string, () => Promise<Catalogue>>): Promise<void> {
  const load = async (code: LocaleCode): Promise<Catalogue> => {
    if (code === DEFAULT_LOCALE) return en;
    const loader = others[`./texts/${code}.json`];
    return loader ? loader() : {};
  };
  i18n.addResourceBundle(DEFAULT_LOCALE, ns, en, true, true);
  return registerNamespace(ns, load);
}

/** True once the namespace's texts of the active locale are in i18next; starts loading them when not. */
export function useNamespaceReady(ns: string, registration: Promise<void>): boolean {
  const { locale } = useLocale();
  const ready = useSyncExternalStore(subscribeToAddedTexts, () => i18n.hasResourceBundle(locale, ns));
  useEffect(() => {
    if (ready) return;
    registration
      .then(() => loadLocale(locale))
      // A chunk that failed even after the reload guard: English (the fallback) for this visit.
      .catch(() => i18n.addResourceBundle(locale, ns, {}, true, false));
  }, [locale, ns, ready, registration]);
  return ready;
}
