import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/** The i18next namespace of /premium and /pricing; it loads with their chunks only. */
export const PREMIUM_NS = 'premium';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(PREMIUM_NS, en, otherLocales);

/** Renders its children once the texts are there, `fallback` until then. */
export function PremiumTexts({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useNamespaceReady(PREMIUM_NS, registration) ? children : fallback;
}
