import type { ReactNode } from 'react';
import { PageFallback } from '../../ui/page-fallback';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/** The i18next namespace of the swipe game, the match finder, the signup suggestions and the auto-like. */
export const MATCHING_NS = 'matching';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(MATCHING_NS, en, otherLocales);

export function useMatchingTexts(): boolean {
  return useNamespaceReady(MATCHING_NS, registration);
}

/** Renders its children once the texts are there: a spinner for pages, nothing for small parts. */
export function MatchingTexts({ children, fallback = <PageFallback /> }: { children: ReactNode; fallback?: ReactNode }) {
  return useMatchingTexts() ? children : fallback;
}
