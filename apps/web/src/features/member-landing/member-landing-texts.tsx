import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/**
 * The i18next namespace of the member landing pages, the signup page's members strip and the
 * activate-done page's members overview: it loads with their chunks only, never with the shell.
 */
export const MEMBER_LANDING_NS = 'member-landing';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(MEMBER_LANDING_NS, en, otherLocales);

/** Renders its children once the texts are there, `fallback` until then. */
export function MemberLandingTexts({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useNamespaceReady(MEMBER_LANDING_NS, registration) ? children : fallback;
}
