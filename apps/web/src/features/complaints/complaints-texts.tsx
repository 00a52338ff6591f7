import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/** The i18next namespace of /complaints: it loads with that page's chunk only, never with the shell. */
export const COMPLAINTS_NS = 'complaints';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(COMPLAINTS_NS, en, otherLocales);

/** Renders its children once the texts are there, `fallback` until then. */
export function ComplaintsTexts({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useNamespaceReady(COMPLAINTS_NS, registration) ? children : fallback;
}
