/**
 * Account deletion (spec sections 3 and 4, trust.md): the account is pending deletion for 14
 * days, during which an e-mailed link reactivates it; after that eraseExpiredAccounts removes
 * its content for good, photo files included. The credit ledger (payment records tax law keeps) stays, tied to a
 * pseudonymised user row.
 *
 * What other features hold about the member (profile, photos, blocks, likes; later chats)
 * they erase themselves, on the account.* events published here (decision 021).
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { DELETE_REMARKS_MAX_LENGTH, type DeleteReason } from '@cupido/shared/rules/accounts';
import { REACTIVATION_WINDOW_DAYS } from '@cupido/shared/rules/constants';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { AppError } from '../../errors';
import { accountTokens, consents, users } from '../../db/schema';
import type { DomainEvents } from '../../infra/domain-events';
import { consumeToken, issueToken } from './tokens';
import { createSession, deleteExpiredSessions, deleteSessionsOf } from './sessions';
import { sendAccountMail, type AccountDeps, type MailContext, type RequestContext, type Tx } from './account-context';
import { checkCurrentPassword } from './current-password';

const DAY_MS = 24 * 3_600_000;
const HOUR_MS = 3_600_000;
const WINDOW_MS = REACTIVATION_WINDOW_DAYS * DAY_MS;

const error = (status: number, code: string, field?: string, params: Record<string, number> = {}) =>
  new AppError(status, code, `errors.${code}`, params, field);

function hoursLeft(deletedAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((deletedAt.getTime() + WINDOW_MS - now.getTime()) / HOUR_MS));
}

/** Issues a reactivation link and mails it (also for a reactivation or reset asked for by address, mail-requests.ts). */
export async function mailReactivationLink(
  deps: Pick<AccountDeps, 'db' | 'mailer' | 'clock'>,
  ctx: MailContext,
  user: { id: number; email: string; language: string; name: string; deletedAt: Date },
  tx?: Tx,
): Promise<void> {
  const now = deps.clock();
  const token = await issueToken(tx ?? deps.db, {
    userId: user.id,
    purpose: 'reactivation',
    now,
    expiresAt: new Date(user.deletedAt.getTime() + WINDOW_MS),
  });
  return sendAccountMail(deps, ctx, {
    kind: 'reactivation',
    to: user.email,
    name: user.name,
    locale: user.language as LocaleCode,
    path: `/api/reactivate.php?token=${encodeURIComponent(token)}`,
    expiresInHours: hoursLeft(user.deletedAt, now),
  });
}

export async function deleteAccount(
  deps: AccountDeps,
  ctx: RequestContext,
  member: { id: number; email: string; language: string; profileName: string },
  input: { reason: DeleteReason; remarks?: string; confirm: boolean; current_password: string },
): Promise<void> {
  if (!input.confirm) throw error(400, 'confirmation_required', 'confirm');
  const remarks = input.reason === 'other' ? input.remarks?.trim() || null : null;
  if (remarks && remarks.length > DELETE_REMARKS_MAX_LENGTH) {
    throw error(400, 'remarks_too_long', 'remarks', { max: DELETE_REMARKS_MAX_LENGTH });
  }
  await checkCurrentPassword(deps, member.id, input.current_password, 'current_password');
  const now = deps.clock();
  await deps.events.transaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ status: 'pending_deletion', deletedAt: now, deleteReason: input.reason, deleteRemarks: remarks, pendingEmail: null })
      .where(eq(users.id, member.id))
      .returning({ profileId: users.profileId });
    await deleteSessionsOf(tx, member.id);
    // Likes (and later chats) hide the member's while the account waits.
    await deps.events.publish(tx, { type: 'account.deletion_requested', userId: member.id, profileId: row?.profileId ?? null });
  });
  try {
    await mailReactivationLink(deps, ctx, {
      id: member.id,
      email: member.email,
      language: member.language,
      name: member.profileName,
      deletedAt: now,
    });
  } catch (err) {
    // The deletion stands; the member can ask for the link again from the login or signup form.
    deps.log.error({ err }, 'reactivation mail failed');
  }
}

/**
 * Uses a reactivation link within the 14 days: the account is back as it was, and logged in
 * unless another member is logged in where the link was opened (decision 023: a link never
 * replaces someone else's session). Null for an unknown, used or expired link.
 */
export async function reactivate(
  deps: AccountDeps,
  ctx: RequestContext,
  token: string,
  loggedInUserId: number | null,
): Promise<{ userId: number; sessionToken: string | null } | null> {
  const now = deps.clock();
  return deps.events.transaction(deps.db, async (tx) => {
    const used = await consumeToken(tx, token, 'reactivation', now);
    if (!used) return null;
    const [user] = await tx
      .update(users)
      .set({
        status: sql`case when ${users.activatedAt} is null then 'not_confirmed' else 'active' end`,
        deletedAt: null,
        deleteReason: null,
        deleteRemarks: null,
      })
      .where(and(eq(users.id, used.userId), eq(users.siteId, ctx.site.id), eq(users.status, 'pending_deletion')))
      .returning({ id: users.id, profileId: users.profileId });
    if (!user) return null;
    await deps.events.publish(tx, { type: 'account.reactivated', userId: user.id, profileId: user.profileId });
    return { userId: user.id, sessionToken: loggedInUserId === null ? await createSession(tx, user.id, now) : null };
  });
}

/**
 * Erases accounts whose 14 days have passed. Each account is erased in its own transaction
 * with a row lock (SKIP LOCKED), so several server processes running the job never collide.
 */
export interface EraseDeps extends Pick<AccountDeps, 'db' | 'clock'> {
  /** account.erased goes out here: profiles, photos (files after the commit) and blocks erase theirs. */
  events: DomainEvents;
}

export async function eraseExpiredAccounts(deps: EraseDeps, batchSize = 100): Promise<number> {
  const now = deps.clock();
  const cutoff = new Date(now.getTime() - WINDOW_MS);
  let erased = 0;
  for (;;) {
    const done = await deps.events.transaction(deps.db, async (tx) => {
      const [user] = await tx
        .select({ id: users.id, profileId: users.profileId })
        .from(users)
        // A member who asked to delete their account is erased after the 14 days even if staff
        // suspended or ended it meanwhile (the decisions and reports keep their own evidence).
        .where(and(inArray(users.status, ['pending_deletion', 'suspended', 'terminated']), lte(users.deletedAt, cutoff)))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!user) return false;
      await tx.delete(accountTokens).where(eq(accountTokens.userId, user.id));
      await tx.delete(consents).where(eq(consents.userId, user.id));
      await deleteSessionsOf(tx, user.id);
      await tx
        .update(users)
        .set({
          status: 'erased',
          erasedAt: now,
          suspendedUntil: null,
          email: `erased-${user.id}@invalid`,
          pendingEmail: null,
          passwordHash: null,
          profileId: null,
          signupMessage: null,
          signupProfileId: null,
          tracking: {},
          deleteRemarks: null,
          notificationsDisabled: [],
        })
        .where(eq(users.id, user.id));
      await deps.events.publish(tx, { type: 'account.erased', userId: user.id, profileId: user.profileId });
      return true;
    });
    if (!done) break;
    erased += 1;
    if (erased % batchSize === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await deleteExpiredSessions(deps.db, now);
  return erased;
}
