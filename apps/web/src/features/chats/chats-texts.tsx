import type { ReactNode } from 'react';
import type { Catalogue } from '../../i18n/i18n';
import { registerLazyNamespace, useNamespaceReady } from '../../i18n/lazy-namespace';
import en from './texts/en.json';

/**
 * The i18next namespace of the conversation list (/chats and beside the chat): it loads with the
 * list's chunk only, never with the shell. Gift names are the conversation screen's ('conversation').
 */
export const CHATS_NS = 'chats';

const otherLocales = import.meta.glob<Catalogue>(['./texts/*.json', '!./texts/en.json'], { import: 'default' });
const registration = registerLazyNamespace(CHATS_NS, en, otherLocales);

export function useChatsTexts(): boolean {
  return useNamespaceReady(CHATS_NS, registration);
}

/** Renders its children once the texts are there (the fallback, nothing by default, before). */
export function ChatsTexts({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useChatsTexts() ? children : fallback;
}
