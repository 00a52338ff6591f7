import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, type LocaleCode } from '@cupido/shared/locales';
import type { StaticPageSlug } from '@cupido/shared/routes';
import { i18n, loadLocale, registerNamespace, type Catalogue } from '../../i18n/i18n';
import en from './texts/en.json';

/** The i18next namespace of the static pages; its texts live in ./texts/<locale>.json. */
export const PAGES_NS = 'pages';

/** One page in the catalogue: sections are keyed objects (not arrays) so every locale stays key-checkable. */
export interface PageTexts {
  title: string;
  version?: string;
  intro?: string;
  sections: Record<string, Record<string, string>>;
}

// English is the fallback and the source of each page's structure, so it ships with this chunk;
// the other languages are their own chunks, loaded for the active locale only.
const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });

export async function loadPagesTexts(code: LocaleCode): Promise<Catalogue> {
  if (code === DEFAULT_LOCALE) return en;
  const load = otherLocales[`./texts/${code}.json`];
  // A language not yet translated falls back to English, key by key.
  return load ? load() : {};
}

i18n.addResourceBundle(DEFAULT_LOCALE, PAGES_NS, en, true, true);
// From now on a locale switch (changeLocale) loads these texts before it re-renders the page.
const registration = registerNamespace(PAGES_NS, loadPagesTexts);

/** The English structure of a page: which sections, and which paragraphs and list items, in order. */
export function pageStructure(slug: StaticPageSlug): PageTexts {
  return (en as Record<StaticPageSlug, PageTexts>)[slug];
}

function subscribeToAddedTexts(onChange: () => void): () => void {
  i18n.store.on('added', onChange);
  return () => i18n.store.off('added', onChange);
}

/** True once the pages texts of `locale` are in i18next; starts loading them when they are not. */
export function usePagesTexts(locale: LocaleCode): boolean {
  const ready = useSyncExternalStore(subscribeToAddedTexts, () => i18n.hasResourceBundle(locale, PAGES_NS));
  useEffect(() => {
    if (ready) return;
    registration
      .then(() => loadLocale(locale))
      // A chunk that failed even after the client's reload guard: show English (i18next falls back) for this visit.
      .catch(() => i18n.addResourceBundle(locale, PAGES_NS, {}, true, false));
  }, [locale, ready]);
  return ready;
}
