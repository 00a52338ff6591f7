import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/** The i18next namespace of the push offer and the settings' push device part (issue 30). */
export const WEB_PUSH_NS = 'web-push';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(WEB_PUSH_NS, en, otherLocales);

/** Renders its children once the texts are there (nothing before). */
export function WebPushTexts({ children }: { children: ReactNode }) {
  return useNamespaceReady(WEB_PUSH_NS, registration) ? children : null;
}
