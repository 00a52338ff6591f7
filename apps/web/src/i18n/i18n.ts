import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type LocaleCode } from '@cupido/shared/rules/locales';
import en from './locales/en.json';

export type Catalogue = Record<string, unknown>;
type CatalogueLoader = (code: LocaleCode) => Promise<Catalogue | { default: Catalogue }>;

/** English ships in the main bundle (it is the fallback); every other language is its own chunk. */
const mainCatalogues: Record<Exclude<LocaleCode, 'en'>, () => Promise<{ default: Catalogue }>> = {
  nl: () => import('./locales/nl.json'),
  de: () => import('./locales/de.json'),
  it: () => import('./locales/it.json'),
  fr: () => import('./locales/fr.json'),
  es: () => import('./locales/es.json'),
  pl: () => import('./locales/pl.json'),
};

/** Extra namespaces (e.g. 'pages' of the static pages), loaded for each locale before switching. */
const namespaceLoaders = new Map<string, CatalogueLoader>();

export const i18n = i18next;

i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES.map((l) => l.code),
  defaultNS: 'translation',
  ns: ['translation'],
  resources: { en: { translation: en } } satisfies Resource,
  interpolation: { escapeValue: false }, // React escapes
  // i18next's defaults, said explicitly: with them unset, every t() call first tests whether its
  // key "looks like natural language" (an array filter and a regular expression per call), the
  // largest piece of the app's own script time while a member page boots (issue 29). Our keys are
  // paths ('search.found', 'common:loading'), never sentences, so the test never changed a lookup.
  keySeparator: '.',
  nsSeparator: ':',
  react: { useSuspense: false },
  initAsync: false,
});

function unwrap(module: Catalogue | { default: Catalogue }): Catalogue {
  return 'default' in module && typeof module.default === 'object' ? (module.default as Catalogue) : module;
}

async function loadNamespace(ns: string, code: LocaleCode, loader: CatalogueLoader): Promise<void> {
  if (i18n.hasResourceBundle(code, ns)) return;
  i18n.addResourceBundle(code, ns, unwrap(await loader(code)), true, true);
}

/**
 * Registers a namespace whose texts live elsewhere (one JSON per locale). Its texts for the
 * active locale and English are loaded now, and for every locale the visitor switches to.
 */
export async function registerNamespace(ns: string, loader: CatalogueLoader): Promise<void> {
  namespaceLoaders.set(ns, loader);
  const codes = new Set<LocaleCode>([DEFAULT_LOCALE, i18n.language as LocaleCode]);
  await Promise.all([...codes].map((code) => loadNamespace(ns, code, loader)));
}

/** Loads every catalogue a locale needs (main + registered namespaces) without switching. */
export async function loadLocale(code: LocaleCode): Promise<void> {
  const jobs: Promise<void>[] = [];
  if (code !== 'en' && !i18n.hasResourceBundle(code, 'translation')) {
    jobs.push(mainCatalogues[code]().then((m) => void i18n.addResourceBundle(code, 'translation', unwrap(m), true, true)));
  }
  for (const [ns, loader] of namespaceLoaders) jobs.push(loadNamespace(ns, code, loader));
  await Promise.all(jobs);
}

/** Loads then switches: the page re-renders in the new language at once, no reload. */
export async function changeLocale(code: LocaleCode): Promise<void> {
  await loadLocale(code);
  await i18n.changeLanguage(code);
}
