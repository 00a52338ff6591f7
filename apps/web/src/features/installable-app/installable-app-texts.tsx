import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/** The i18next namespace of the installed app's Back button and the install offers (issue 30). */
export const INSTALLABLE_APP_NS = 'installable-app';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(INSTALLABLE_APP_NS, en, otherLocales);

/** Renders its children once the texts are there (nothing before). */
export function InstallableAppTexts({ children }: { children: ReactNode }) {
  return useNamespaceReady(INSTALLABLE_APP_NS, registration) ? children : null;
}
