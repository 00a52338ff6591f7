import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/** The i18next namespace of the notification preferences and the unsubscribe page (issue 30). */
export const NOTIFICATION_SETTINGS_NS = 'notification-settings';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(NOTIFICATION_SETTINGS_NS, en, otherLocales);

/** Renders its children once the texts are there (nothing before). */
export function NotificationSettingsTexts({ children }: { children: ReactNode }) {
  return useNamespaceReady(NOTIFICATION_SETTINGS_NS, registration) ? children : null;
}
