/**
 * Web push without zod (issue 30, decision 044): the kinds a push is about, the payload read by
 * the service worker, and the note the worker posts to the site's open pages. The contract is
 * ZPushMessage in push.ts; push.test.ts holds this reader to it (the same payloads pass, the
 * same fail, and what passes comes out as zod gives it). The worker is a small classic script and
 * the app's push code runs on member pages: neither should carry zod for six string fields.
 */

/** What members are told about, by mail and by push alike (rules/notifications' kinds, with a match told as its own kind). */
export const PUSH_MESSAGE_KINDS = [
  'new_conversations',
  'new_messages',
  'like',
  'match',
  'unread_message_reminders',
  'weekly_updates',
  'promotions',
  'news',
] as const;
export type PushMessageKind = (typeof PUSH_MESSAGE_KINDS)[number];

/** A push's payload: ZPushMessage's type, written out here so this module needs nothing of push.ts (the test holds them equal). */
export interface PushMessage {
  kind: PushMessageKind;
  title: string;
  body: string;
  tag: string;
  checkUrl: string;
  openUrl: string;
}

/** The `type` of the note the worker posts to every open page of the site when a push arrives: `{ type, message }`. */
export const PUSH_RECEIVED = 'cupido-push-received';

/** Where a click on the notification leads: `checkUrl` for a logged-in member, else `openUrl` (spec section 4). */
export type PushTargets = Pick<PushMessage, 'checkUrl' | 'openUrl'>;

const TEXT_FIELDS = ['title', 'body', 'tag', 'checkUrl', 'openUrl'] as const;

/**
 * A push's payload (the decrypted JSON, already parsed), or null when it is not one. Unknown keys
 * are dropped, as zod does.
 */
export function readPushMessage(value: unknown): PushMessage | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const fields = value as Record<string, unknown>;
  if (!(PUSH_MESSAGE_KINDS as readonly unknown[]).includes(fields.kind)) return null;
  if (!TEXT_FIELDS.every((key) => typeof fields[key] === 'string')) return null;
  const { kind, title, body, tag, checkUrl, openUrl } = fields as unknown as PushMessage;
  return { kind, title, body, tag, checkUrl, openUrl };
}

/**
 * Whether `url` is a path of the site itself (`/chats/5?network=push`), the only kind of address a
 * notification may open: never another origin (`//host`, `https:`), whatever a payload says.
 */
export function isSitePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/** The click targets a notification carries (its `data`), when both are paths of the site; else null. */
export function readPushTargets(value: unknown): PushTargets | null {
  if (typeof value !== 'object' || value === null) return null;
  const { checkUrl, openUrl } = value as Record<string, unknown>;
  if (typeof checkUrl !== 'string' || typeof openUrl !== 'string' || !isSitePath(checkUrl) || !isSitePath(openUrl)) return null;
  return { checkUrl, openUrl };
}
