import type { ReactNode } from 'react';
import { PageFallback } from '../../ui/page-fallback';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/**
 * The i18next namespace of the account screens, the signup modal and the members' navigation.
 * It loads with those chunks, so the home page's initial bundle carries none of it.
 */
export const ACCOUNTS_NS = 'accounts';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(ACCOUNTS_NS, en, otherLocales);

/** True once the accounts texts of the active locale are in i18next; starts loading them when not. */
export function useAccountsTexts(): boolean {
  return useNamespaceReady(ACCOUNTS_NS, registration);
}

/** Renders its children once the texts are there: a spinner for pages, nothing for small parts. */
export function AccountsTexts({ children, fallback = <PageFallback /> }: { children: ReactNode; fallback?: ReactNode }) {
  return useAccountsTexts() ? children : fallback;
}
