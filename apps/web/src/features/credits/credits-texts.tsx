import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/** The i18next namespace of the credits screens (now the settings' credit history); it loads with their chunk only. */
export const CREDITS_NS = 'credits';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(CREDITS_NS, en, otherLocales);

export function useCreditsTexts(): boolean {
  return useNamespaceReady(CREDITS_NS, registration);
}

/** Renders its children once the texts are there, `fallback` until then. */
export function CreditsTexts({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useCreditsTexts() ? children : fallback;
}
