import type { ReactNode } from 'react';
import { PageFallback } from '../../ui/page-fallback';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/**
 * The i18next namespace of the profile screens: own profile and photos, member search and profile
 * pages, with the translated option lists of spec section 3. It loads with those chunks only.
 */
export const PROFILES_NS = 'profiles';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(PROFILES_NS, en, otherLocales);

export function useProfilesTexts(): boolean {
  return useNamespaceReady(PROFILES_NS, registration);
}

/** Renders its children once the texts are there: a spinner for pages, nothing for small parts. */
export function ProfilesTexts({ children, fallback = <PageFallback /> }: { children: ReactNode; fallback?: ReactNode }) {
  return useProfilesTexts() ? children : fallback;
}
