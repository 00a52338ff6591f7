import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/**
 * The i18next namespace of liking: buttons and state labels, the limit notice, the match modal
 * and the likes pages. It loads with those chunks only, never with the shell.
 */
export const LIKES_NS = 'likes';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(LIKES_NS, en, otherLocales);

export function useLikesTexts(): boolean {
  return useNamespaceReady(LIKES_NS, registration);
}

/** Renders its children once the texts are there (the fallback, nothing by default, before). */
export function LikesTexts({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useLikesTexts() ? children : fallback;
}
