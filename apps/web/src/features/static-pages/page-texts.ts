import type { StaticPageSlug } from '@cupido/shared/rules/routes';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
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
// the other languages are their own chunks, loaded for the active locale only (a language not
// yet translated falls back to English, key by key). From now on a locale switch (changeLocale)
// loads these texts before it re-renders the page.
const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(PAGES_NS, en, otherLocales);

/** The English structure of a page: which sections, and which paragraphs and list items, in order. */
export function pageStructure(slug: StaticPageSlug): PageTexts {
  return (en as Record<StaticPageSlug, PageTexts>)[slug];
}

/** True once the pages texts of the active locale are in i18next; starts loading them when they are not. */
export function usePagesTexts(): boolean {
  return useNamespaceReady(PAGES_NS, registration);
}
