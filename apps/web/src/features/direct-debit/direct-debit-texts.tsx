import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/** The i18next namespace of /directdebit; it loads with its chunk only. */
export const DIRECT_DEBIT_NS = 'direct-debit';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(DIRECT_DEBIT_NS, en, otherLocales);

/** Renders its children once the texts are there, `fallback` until then. */
export function DirectDebitTexts({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useNamespaceReady(DIRECT_DEBIT_NS, registration) ? children : fallback;
}
