/**
 * The conversation's calls (packages/shared/src/contracts/chats.ts): GET /api/chat.php for a page of
 * messages, POST /api/message.php and /api/message-image.php to send. Types only from the
 * contracts (`import type`): no zod in the chat chunk.
 */
import type { TChatAnswer, TSendMessageAnswer, TSendMessageRequest } from '@cupido/shared/contracts/chats';
import { ApiError, apiGet, buildUrl, toApiError } from '../../api/client';

/** Which conversation a screen shows: /chats/{id} names the conversation, /members/{id}/chat the partner. */
export type ChatTarget = { conversation: number } | { profile: number };

export const CHAT_QUERY_KEY = ['chat'] as const;

export function chatQueryKey(target: ChatTarget) {
  return 'conversation' in target
    ? ([...CHAT_QUERY_KEY, 'conversation', target.conversation] as const)
    : ([...CHAT_QUERY_KEY, 'profile', target.profile] as const);
}

function targetQuery(target: ChatTarget): Record<string, string> {
  return 'conversation' in target ? { conversation: String(target.conversation) } : { profile: String(target.profile) };
}

/** The newest page of a conversation (oldest first), or with `before`/`after` the page around an id. */
export function fetchChat(target: ChatTarget, page: { before?: number; after?: number } = {}): Promise<TChatAnswer> {
  const query = targetQuery(target);
  if (page.before !== undefined) query.before = String(page.before);
  if (page.after !== undefined) query.after = String(page.after);
  return apiGet<TChatAnswer>('/api/chat.php', query);
}

/**
 * Everything after the last message the screen shows, page by page until the server says no more
 * follow (has_newer): what a dropped connection or a sleeping phone missed. The last answer's
 * receipts come along.
 */
export async function fetchMissedMessages(
  conversation: number,
  afterId: number,
): Promise<{ messages: TChatAnswer['messages']; last: TChatAnswer }> {
  const messages: TChatAnswer['messages'] = [];
  let after = afterId;
  for (;;) {
    const answer = await fetchChat({ conversation }, { after });
    messages.push(...answer.messages);
    const newest = answer.messages.at(-1)?.id ?? after;
    // A page that brings nothing new cannot be followed by more: stop rather than loop.
    if (!answer.has_newer || newest <= after) return { messages, last: answer };
    after = newest;
  }
}

/**
 * One try of a send, without the request client's own retries: the outbox decides when to try
 * again (with the same client id) and shows the message as waiting meanwhile. No loading bar: a
 * chat message shows as pending in the conversation itself.
 */
async function postOnce<T>(path: string, body: unknown): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, undefined, window.location.hostname), {
      method: 'POST',
      credentials: 'same-origin',
      headers: isForm ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: isForm ? body : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error), undefined, path);
  }
  if (!response.ok) throw await toApiError(response, path);
  return (await response.json()) as T;
}

export function postMessage(body: TSendMessageRequest): Promise<TSendMessageAnswer> {
  return postOnce<TSendMessageAnswer>('/api/message.php', body);
}

/** POST /api/message-image.php as multipart form data: profile_id, client_id, file. */
export function postImageMessage(profileId: number, clientId: string, file: Blob & { name?: string }): Promise<TSendMessageAnswer> {
  const form = new FormData();
  form.append('profile_id', String(profileId));
  form.append('client_id', clientId);
  form.append('file', file, file.name ?? 'photo');
  return postOnce<TSendMessageAnswer>('/api/message-image.php', form);
}
