import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/**
 * The i18next namespace of what profile cards and profile pages say about a profile beyond its
 * own fields: how far away it is and whether it is active (issue 28). Cards appear on screens of
 * several namespaces (search, likes, matching), so these words are their own small catalogue.
 * Registered when the module loads, so the texts arrive with the chunk, before any card.
 */
export const PROFILE_CARDS_NS = 'profile-cards';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(PROFILE_CARDS_NS, en, otherLocales);

export function useProfileCardsTexts(): boolean {
  return useNamespaceReady(PROFILE_CARDS_NS, registration);
}

/** Renders its children once the texts are there (nothing before: these are small parts). */
export function ProfileCardsTexts({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useProfileCardsTexts() ? children : fallback;
}
