import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/** The i18next namespace of the settings' personal-data sections; loads with the settings chunk. */
export const PERSONAL_DATA_NS = 'personalData';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(PERSONAL_DATA_NS, en, otherLocales);

/** Renders its children once the texts are there (nothing before: a small part of a page). */
export function PersonalDataTexts({ children }: { children: ReactNode }) {
  return useNamespaceReady(PERSONAL_DATA_NS, registration) ? children : null;
}
