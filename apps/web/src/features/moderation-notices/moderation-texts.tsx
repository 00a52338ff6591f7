import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/** The i18next namespace of the member's moderation decisions (issue 13); loads with its screens. */
export const MODERATION_NS = 'moderationNotices';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(MODERATION_NS, en, otherLocales);

/** Renders its children once the texts are there. */
export function ModerationTexts({ children }: { children: ReactNode }) {
  return useNamespaceReady(MODERATION_NS, registration) ? children : null;
}
