import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/**
 * The i18next namespace of the conversation screens (chat layout, messages, send footer, gifts,
 * icebreakers, message reports) and the profile page's Message and Gift actions. It loads with
 * those chunks only, never with the shell.
 */
export const CONVERSATION_NS = 'conversation';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(CONVERSATION_NS, en, otherLocales);

export function useConversationTexts(): boolean {
  return useNamespaceReady(CONVERSATION_NS, registration);
}

/** Renders its children once the texts are there (the fallback, nothing by default, before). */
export function ConversationTexts({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useConversationTexts() ? children : fallback;
}
