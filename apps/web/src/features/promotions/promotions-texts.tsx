import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/** The i18next namespace of promo tiles and the partner notice: it loads with their chunks only, never with the shell. */
export const PROMOTIONS_NS = 'promotions';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(PROMOTIONS_NS, en, otherLocales);

/** Renders its children once the texts are there, `fallback` until then. */
export function PromotionsTexts({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useNamespaceReady(PROMOTIONS_NS, registration) ? children : fallback;
}
