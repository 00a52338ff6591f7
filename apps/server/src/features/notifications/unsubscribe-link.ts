/**
 * The unsubscribe link of a notification mail (issue 30, RFC 8058): one click turns one kind of
 * mail off for one member, without a login. The token is `<user id>-<kind>-<expiry day>-<HMAC>`
 * (no dots: the web app's server takes a path ending in `.xyz` for a file). The HMAC (SHA-256,
 * a random key kept in app_keys, the same in every process) binds member, kind and expiry, so a
 * token cannot be guessed, turned to another member or kind, or used after it expires. It does
 * only what the member could do in the settings.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@cupido/shared/rules/notifications';
import type { Database } from '../../db/open';
import { cachedAppSecret } from '../push/app-secrets';

const KEY_NAME = 'unsubscribe_link';
/** A mail's link works this long: an old mail found in an archive still unsubscribes for months. */
export const UNSUBSCRIBE_LINK_DAYS = 180;
const DAY_MS = 86_400_000;
const keyOf = (db: Database) => cachedAppSecret(db, KEY_NAME);

function signature(key: Buffer, userId: number, kind: NotificationKind, expiryDay: number): Buffer {
  return createHmac('sha256', key).update(`unsubscribe:${userId}:${kind}:${expiryDay}`).digest();
}

export async function unsubscribeToken(db: Database, userId: number, kind: NotificationKind, now: Date): Promise<string> {
  const expiryDay = Math.floor(now.getTime() / DAY_MS) + UNSUBSCRIBE_LINK_DAYS;
  return `${userId}-${kind}-${expiryDay}-${signature(await keyOf(db), userId, kind, expiryDay).toString('base64url')}`;
}

export type UnsubscribeTokenReading = { userId: number; kind: NotificationKind } | 'invalid' | 'expired';

/** The member and kind a token names; 'invalid' when this server did not sign it, 'expired' after its day. */
export async function readUnsubscribeToken(db: Database, token: string, now: Date): Promise<UnsubscribeTokenReading> {
  const match = /^(\d{1,10})-([a-z_]{1,40})-(\d{1,6})-([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return 'invalid';
  const userId = Number(match[1]);
  const kind = match[2] as NotificationKind;
  const expiryDay = Number(match[3]);
  if (!NOTIFICATION_KINDS.includes(kind)) return 'invalid';
  const given = Buffer.from(match[4]!, 'base64url');
  const expected = signature(await keyOf(db), userId, kind, expiryDay);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return now.getTime() >= (expiryDay + 1) * DAY_MS ? 'expired' : { userId, kind };
}

/** A mail's two addresses of one token: the page a person opens, and the API a mail app POSTs to (RFC 8058). */
export async function unsubscribeLinks(
  db: Database,
  origin: string,
  userId: number,
  kind: NotificationKind,
  now: Date,
): Promise<{ page: string; oneClick: string }> {
  const token = encodeURIComponent(await unsubscribeToken(db, userId, kind, now));
  return { page: `${origin}/unsubscribe?token=${token}`, oneClick: `${origin}/api/unsubscribe.php?token=${token}` };
}
