import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/** The i18next namespace of the credits shop (packages, checkout, payment result, repeat order); it loads with those chunks only. */
export const SHOP_NS = 'shop';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(SHOP_NS, en, otherLocales);

export function useShopTexts(): boolean {
  return useNamespaceReady(SHOP_NS, registration);
}

/** Renders its children once the texts are there, `fallback` until then. */
export function ShopTexts({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useShopTexts() ? children : fallback;
}
