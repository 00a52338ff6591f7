/** The operator console's calls (issue 15, see @cupido/shared/contracts/operator-console) and their query keys. */
import type {
  TOperatorConversation,
  TOperatorQueueAnswer,
  TOperatorSendAnswer,
  TOperatorNote,
} from '@cupido/shared/contracts/operator-console';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { adminFetch, adminUrl } from '../api';

export const OPERATOR_KEY = ['admin', 'operator'] as const;
export const OPERATOR_QUEUE_KEY = [...OPERATOR_KEY, 'queue'] as const;
export const conversationKey = (id: number) => [...OPERATOR_KEY, 'conversation', id] as const;

export interface QueueFilter {
  siteId: number | undefined;
  language: LocaleCode | undefined;
}

export const fetchOperatorQueue = ({ siteId, language }: QueueFilter, after: string | undefined) =>
  adminFetch<TOperatorQueueAnswer>('/operator/queue', { query: { site_id: siteId, language, after } });

export const fetchConversation = (id: number) => adminFetch<TOperatorConversation>(`/operator/conversations/${id}`);

export const claimConversation = (id: number) => adminFetch<unknown>(`/operator/conversations/${id}/claim`, { method: 'POST' });

/**
 * Gives the claim back when the screen is left. Fire and forget: the page may be going away, so
 * the request is `keepalive` (sendBeacon can only POST) and nobody waits for or reads its answer.
 */
export function releaseConversation(id: number): void {
  void fetch(adminUrl(`/operator/conversations/${id}/claim`), {
    method: 'DELETE',
    credentials: 'same-origin',
    keepalive: true,
    headers: { accept: 'application/json' },
  }).catch(() => undefined);
}

export const sendReply = (id: number, text: string, clientId: string) =>
  adminFetch<TOperatorSendAnswer>(`/operator/conversations/${id}/messages`, { method: 'POST', body: { text, client_id: clientId } });

export const saveNote = (id: number, body: string) =>
  adminFetch<{ note: TOperatorNote | null }>(`/operator/conversations/${id}/note`, { method: 'PUT', body: { body } });

export const setVulnerable = (id: number, vulnerable: boolean) =>
  adminFetch<{ vulnerable: TOperatorConversation['vulnerable'] }>(`/operator/conversations/${id}/vulnerable`, {
    method: 'PUT',
    body: { vulnerable },
  });
