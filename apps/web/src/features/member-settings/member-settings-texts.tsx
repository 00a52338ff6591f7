import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/**
 * The i18next namespace of the settings screen's own parts (the activity privacy switch, issue
 * 28). The forms it composes keep their features' texts (accounts, profiles and the others).
 */
export const MEMBER_SETTINGS_NS = 'member-settings';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(MEMBER_SETTINGS_NS, en, otherLocales);

/** Renders its children once the texts are there (nothing before). */
export function MemberSettingsTexts({ children }: { children: ReactNode }) {
  return useNamespaceReady(MEMBER_SETTINGS_NS, registration) ? children : null;
}
