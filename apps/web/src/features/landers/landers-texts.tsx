import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/** The i18next namespace of the landers: it loads with their chunk only, never with the shell. */
export const LANDERS_NS = 'landers';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(LANDERS_NS, en, otherLocales);

/** Renders its children once the texts are there, `fallback` until then. */
export function LandersTexts({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useNamespaceReady(LANDERS_NS, registration) ? children : fallback;
}
