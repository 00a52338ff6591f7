/**
 * The members desk's actions (issue 13, decision 031). Each one changes the account through the
 * feature that owns it (accounts' suspension and erasure, the credits ledger) and records its
 * audit entry in the same transaction; what must follow the commit (every process forgetting the
 * member's cached sessions, a mail) runs after it.
 */
import type { TCreditCorrectionAnswer, TMemberActionAnswer } from '@cupido/shared/contracts/members-desk';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import type { BackOfficeDeps } from '../../back-office-deps';
import { AppError } from '../../errors';
import { recordStaffAction } from '../audit/service';
import { liftSuspension, suspendAccount } from '../accounts/suspension';
import { accountForDesk, startErasureByStaff } from '../accounts/for-members-desk';
import { resendActivation } from '../accounts/signup';
import { mailReactivationLink } from '../accounts/deletion';
import type { AccountDeps } from '../accounts/account-context';
import { changeCredits, InsufficientCreditsError } from '../credits/service';
import { profilesForAccounts } from '../profiles/for-accounts';
import { profileNamesForDesk } from '../profiles/for-members-desk';
import { siteOrigin } from '../sites/public-origin';
import { memberNotFound } from './reads';

const DAY_MS = 24 * 3_600_000;
const conflict = (code: string, field?: string) => new AppError(409, code, `staff.members.errors.${code}`, {}, field);

export interface Actor {
  staffId: number;
}

function accountDeps(deps: BackOfficeDeps): AccountDeps {
  return {
    db: deps.db,
    mailer: deps.mailer,
    limiter: deps.limiter,
    clock: deps.clock,
    log: deps.log,
    events: deps.events,
    profiles: profilesForAccounts,
  };
}

async function mailContext(deps: BackOfficeDeps, siteId: number) {
  const site = await deps.sites.byId(siteId);
  if (!site) throw memberNotFound();
  return { site, origin: siteOrigin(site.domain, deps.publicOrigin) };
}

async function nameOf(deps: BackOfficeDeps, profileId: number | null): Promise<string> {
  if (profileId === null) return '';
  return (await profileNamesForDesk(deps.db, [profileId])).get(profileId) ?? '';
}

export async function suspendMember(
  deps: BackOfficeDeps,
  actor: Actor,
  userId: number,
  input: { days: number; reason: string },
): Promise<TMemberActionAnswer> {
  const now = deps.clock();
  const until = new Date(now.getTime() + input.days * DAY_MS);
  // The suspension's account.view_changed drops the member's cached lookups after the commit.
  return deps.events.transaction(deps.db, async (tx) => {
    const account = await accountForDesk(tx, userId);
    if (!account || account.status === 'erased') throw memberNotFound();
    // An ended account stays ended: a suspension would give it an end date.
    if (account.status === 'terminated') throw conflict('account_ended');
    const before = await suspendAccount(deps.events, tx, userId, until);
    if (!before) throw memberNotFound();
    await recordStaffAction(
      tx,
      {
        staffId: actor.staffId,
        action: 'member.suspend',
        itemType: 'user',
        itemId: userId,
        siteId: account.siteId,
        before: { status: before.status, suspended_until: before.suspendedUntil?.toISOString() ?? null },
        after: { status: 'suspended', suspended_until: until.toISOString(), days: input.days, reason: input.reason },
      },
      now,
    );
    return { status: 'suspended' as const, suspended_until: until.toISOString() };
  });
}

export async function liftMemberSuspension(
  deps: BackOfficeDeps,
  actor: Actor,
  userId: number,
  input: { reason: string },
): Promise<TMemberActionAnswer> {
  const now = deps.clock();
  return deps.events.transaction(deps.db, async (tx) => {
    const account = await accountForDesk(tx, userId);
    if (!account || account.status === 'erased') throw memberNotFound();
    // An account ended for good by a moderation decision comes back only through its appeal,
    // decided by another staff member (DSA art. 20), not by a desk action.
    if (account.status === 'terminated') throw conflict('ended_by_decision');
    const before = await liftSuspension(deps.events, tx, userId);
    if (!before) throw conflict('not_suspended');
    await recordStaffAction(
      tx,
      {
        staffId: actor.staffId,
        action: 'member.lift_suspension',
        itemType: 'user',
        itemId: userId,
        siteId: account.siteId,
        before: { status: before.status, suspended_until: before.suspendedUntil?.toISOString() ?? null },
        after: { status: 'active', suspended_until: null, reason: input.reason },
      },
      now,
    );
    return { status: 'active' as const, suspended_until: null };
  });
}

/** The activation mail again, through the member's own path (new link, same per-account hourly limit). */
export async function resendMemberActivation(deps: BackOfficeDeps, actor: Actor, userId: number): Promise<{ sent: true }> {
  const account = await accountForDesk(deps.db, userId);
  if (!account || account.status === 'erased') throw memberNotFound();
  if (account.status !== 'not_confirmed') throw conflict('not_waiting_for_activation');
  const ctx = await mailContext(deps, account.siteId);
  const member = {
    id: account.id,
    email: account.email,
    status: account.status,
    language: account.language,
    profileName: await nameOf(deps, account.profileId),
  };
  await resendActivation(accountDeps(deps), { ...ctx, locale: account.language as LocaleCode, ip: 'staff', sessionToken: null }, member);
  // The mail has gone: the entry says so (a mail that failed leaves no entry and answers an error).
  await recordStaffAction(
    deps.db,
    {
      staffId: actor.staffId,
      action: 'member.resend_activation',
      itemType: 'user',
      itemId: userId,
      siteId: account.siteId,
      after: { email: account.email },
    },
    deps.clock(),
  );
  return { sent: true };
}

export async function eraseMember(
  deps: BackOfficeDeps,
  actor: Actor,
  userId: number,
  input: { confirm_id: number; reason: string },
): Promise<TMemberActionAnswer> {
  if (input.confirm_id !== userId)
    throw new AppError(400, 'confirm_id_mismatch', 'staff.members.errors.confirm_id_mismatch', {}, 'confirm_id');
  const now = deps.clock();
  const started = await deps.events.transaction(deps.db, async (tx) => {
    const account = await accountForDesk(tx, userId);
    if (!account) throw memberNotFound();
    const result = await startErasureByStaff(deps.events, tx, userId, now);
    if (!result.ok) {
      if (result.refusal === 'not_found') throw memberNotFound();
      throw conflict(result.refusal === 'suspended' ? 'erase_suspended' : 'already_deleted');
    }
    await recordStaffAction(
      tx,
      {
        staffId: actor.staffId,
        action: 'member.erase',
        itemType: 'user',
        itemId: userId,
        siteId: account.siteId,
        before: { status: result.before.status },
        after: { status: 'pending_deletion', deleted_at: now.toISOString(), reason: input.reason },
      },
      now,
    );
    return { ...result, siteId: account.siteId };
  });
  // The member's cached lookups are dropped by the session's handler of account.deletion_requested.
  try {
    // As after the member's own deletion: the link back, valid for the 14 days.
    const ctx = await mailContext(deps, started.siteId);
    await mailReactivationLink(deps, ctx, {
      id: userId,
      email: started.email,
      language: started.language,
      name: await nameOf(deps, started.profileId),
      deletedAt: now,
    });
  } catch (err) {
    deps.log.error({ err }, 'reactivation mail after a staff erasure failed');
  }
  return { status: 'pending_deletion', suspended_until: null };
}

/**
 * A manual correction through the ledger (changeCredits): kind manual_correction, reference
 * `staff:<id>`, the reason as the entry's note. The key is the form's: the same key twice posts
 * once (and is audited once). The ledger refuses a balance below 0; the desk says so with 409.
 */
export async function correctCredits(
  deps: BackOfficeDeps,
  actor: Actor,
  userId: number,
  input: { amount: number; reason: string; idempotency_key: string },
): Promise<TCreditCorrectionAnswer> {
  const now = deps.clock();
  try {
    return await deps.db.transaction(async (tx) => {
      const account = await accountForDesk(tx, userId);
      if (!account) throw memberNotFound();
      if (account.status === 'erased') throw conflict('account_erased');
      const posted = await changeCredits(tx, {
        userId,
        amount: input.amount,
        kind: 'manual_correction',
        idempotencyKey: `staff-correction:${input.idempotency_key}`,
        reference: `staff:${actor.staffId}`,
        note: input.reason,
        now,
      });
      if (!posted.replayed) {
        await recordStaffAction(
          tx,
          {
            staffId: actor.staffId,
            action: 'credits.correct',
            itemType: 'user',
            itemId: userId,
            siteId: account.siteId,
            before: { balance: posted.balanceAfter - posted.amount },
            after: { balance: posted.balanceAfter, amount: posted.amount, reason: input.reason, entry_id: posted.entryId },
          },
          now,
        );
      }
      return { entry_id: posted.entryId, balance: posted.balanceAfter, replayed: posted.replayed };
    });
  } catch (error) {
    if (error instanceof InsufficientCreditsError) {
      throw new AppError(
        409,
        'balance_would_go_negative',
        'staff.members.errors.balance_would_go_negative',
        { balance: error.balance },
        'amount',
      );
    }
    throw error;
  }
}
