/**
 * The appeal link of a statement of reasons (issue 13). A suspended or ended account cannot log
 * in, yet must be able to appeal (DSA art. 20): the e-mail's link carries a token that opens that
 * one decision without a login: `/decision/<decision id>-<user id>-<HMAC>` (no dots: a path ending in
 * `.xyz` is a file to the web app's server). The HMAC (SHA-256,
 * with a random key kept in app_keys, the same in every process) binds the decision to the member
 * it concerns, so a token cannot be guessed or turned to another decision. It does only what the
 * member could do logged in: read the statement and file the one appeal the decision allows; the
 * appeal window bounds it in time, and once the appeal is filed the link can file nothing more.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/open';
import { cachedAppSecret } from '../push/app-secrets';

const KEY_NAME = 'appeal_link';
const keyOf = (db: Database) => cachedAppSecret(db, KEY_NAME);

function signature(key: Buffer, decisionId: number, userId: number): Buffer {
  return createHmac('sha256', key).update(`appeal:${decisionId}:${userId}`).digest();
}

export async function appealToken(db: Database, decisionId: number, userId: number): Promise<string> {
  return `${decisionId}-${userId}-${signature(await keyOf(db), decisionId, userId).toString('base64url')}`;
}

/** The decision and member a token names, or null when it is not one this server signed. */
export async function readAppealToken(db: Database, token: string): Promise<{ decisionId: number; userId: number } | null> {
  const match = /^(\d{1,10})-(\d{1,10})-([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const decisionId = Number(match[1]);
  const userId = Number(match[2]);
  const given = Buffer.from(match[3]!, 'base64url');
  const expected = signature(await keyOf(db), decisionId, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { decisionId, userId } : null;
}
