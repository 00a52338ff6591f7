import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/** The i18next namespace of the language page (/lang-config): it loads with that page's chunk only. */
export const LOCALE_NS = 'locale-page';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(LOCALE_NS, en, otherLocales);

/** Renders its children once the texts are there, `fallback` until then. */
export function LocaleTexts({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useNamespaceReady(LOCALE_NS, registration) ? children : fallback;
}
