import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/** The i18next namespace of the settings' orders and receipts; it loads with their chunk only. */
export const ORDERS_NS = 'orders';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(ORDERS_NS, en, otherLocales);

/** Renders its children once the texts are there, nothing until then. */
export function OrdersTexts({ children }: { children: ReactNode }) {
  return useNamespaceReady(ORDERS_NS, registration) ? children : null;
}
