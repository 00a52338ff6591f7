import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/** The i18next namespace of the time bonus banner and modal; it loads with their chunk only. */
export const TIME_BONUS_NS = 'time-bonus';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(TIME_BONUS_NS, en, otherLocales);

/** Renders its children once the texts are there, nothing until then. */
export function TimeBonusTexts({ children }: { children: ReactNode }) {
  return useNamespaceReady(TIME_BONUS_NS, registration) ? children : null;
}
