/**
 * The e-mailed tokens of accounts (activation, password reset, mail change, reactivation):
 * 32 random bytes in the link, only their SHA-256 in the database, single use, with an expiry.
 * Consuming is one UPDATE ... RETURNING, so two clicks at once cannot both succeed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { accountTokens } from '../../db/schema';
import type { Database } from '../../db/open';

export type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];
type Executor = Pick<Database, 'insert' | 'update'>;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function issueToken(
  db: Executor,
  input: { userId: number; purpose: TokenPurpose; now: Date; expiresAt: Date; newEmail?: string },
): Promise<string> {
  const token = newToken();
  await db.insert(accountTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: sha256(token),
    newEmail: input.newEmail ?? null,
    createdAt: input.now,
    expiresAt: input.expiresAt,
  });
  return token;
}

/** Marks the token used and answers its row, or null when it is unknown, used or expired. */
export async function consumeToken(db: Executor, token: string, purpose: TokenPurpose, now: Date) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, sha256(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ userId: accountTokens.userId, newEmail: accountTokens.newEmail });
  return row ?? null;
}

/**
 * Ends every unused token of one purpose of a member: a link mailed before a change must not
 * undo it (a reset link from before a password change, an older mail-change link).
 */
export async function revokeTokens(db: Executor, userId: number, purpose: TokenPurpose, now: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

export function hoursFrom(now: Date, hours: number): Date {
  return new Date(now.getTime() + hours * 3_600_000);
}
