/**
 * The back office's second factor (issue 13): TOTP (RFC 6238, 6 digits, 30 s, otplib) set up at the
 * first login with a QR code and confirmed with a first code, which hands out one-time recovery
 * codes (stored as SHA-256: they are 80 random bits, so a slow hash adds nothing). Later logins
 * enter a code from the app or a recovery code.
 *
 * Codes of one step before and after the current one are accepted (clock drift). A code cannot be
 * replayed: each accepted time step is kept as a used one-time code of the account in
 * staff_recovery_codes (`totp-step:<step>`, never a recovery code's hash), whose unique index makes
 * a second use of the same step fail even when two requests race. Failed codes count toward the
 * same lockout as passwords, per account and per address.
 */
import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull, like, lt, notLike, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP } from '@cupido/shared/rules/accounts';
import {
  STAFF_RECOVERY_CODE_COUNT,
  STAFF_TOTP_ISSUER,
  type TStaffTotpSetupAnswer,
  type TStaffTotpVerifyRequest,
} from '@cupido/shared/contracts/staff-access';
import { AppError } from '../../errors';
import type { Database } from '../../db/open';
import { staffAccounts, staffRecoveryCodes } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';
import type { RateLimiter } from '../../infra/rate-limiter';
import { recordStaffAction } from '../audit/service';
import { countAttempt, STAFF_LOCK_MS } from './login';
import { completeSecondFactor, type StaffPrincipal } from './sessions';

const TOTP_TOLERANCE_SECONDS = 30;
const STEP_MARKER = 'totp-step:';
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

const alreadySetUp = () => new AppError(409, 'staff_totp_already_set_up', 'staff.access.errors.totp_already_set_up');
const setUpFirst = () => new AppError(409, 'staff_totp_not_set_up', 'staff.access.errors.totp_not_set_up');
const codeWrong = (field: 'code' | 'recovery_code') =>
  new AppError(
    401,
    field === 'code' ? 'staff_totp_invalid' : 'staff_recovery_code_invalid',
    `staff.access.errors.${field === 'code' ? 'code_invalid' : 'recovery_code_invalid'}`,
    {},
    field,
  );
const codeUsed = () => new AppError(401, 'staff_totp_code_used', 'staff.access.errors.code_used', {}, 'code');

export interface SecondFactorDeps {
  db: Database;
  limiter: RateLimiter;
}

const recoveryHash = (code: string) => createHash('sha256').update(code.replace(/-/g, '').toLowerCase()).digest('hex');

function newRecoveryCode(): string {
  const chars = Array.from({ length: 16 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]!).join('');
  return chars.match(/.{4}/g)!.join('-');
}

async function secretOf(db: Database, staffId: number) {
  const [row] = await db
    .select({ secret: staffAccounts.totpSecret, confirmedAt: staffAccounts.totpConfirmedAt })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId));
  return row!;
}

/** The step a code matched, or null. */
async function matchingStep(secret: string, code: string, now: Date): Promise<number | null> {
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: TOTP_TOLERANCE_SECONDS }).catch(() => ({
    valid: false as const,
  }));
  // delta: how many steps from the current one the code matched (-1, 0 or +1).
  return result.valid ? Math.floor(epoch / 30) + result.delta : null;
}

/** Marks a time step used; false when it already was (a replay). Forgets steps long past. */
async function useStep(tx: Tx, staffId: number, step: number, now: Date): Promise<boolean> {
  await tx
    .delete(staffRecoveryCodes)
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        like(staffRecoveryCodes.codeHash, `${STEP_MARKER}%`),
        lt(staffRecoveryCodes.createdAt, new Date(now.getTime() - 10 * 60_000)),
      ),
    );
  const inserted = await tx
    .insert(staffRecoveryCodes)
    .values({ staffId, codeHash: `${STEP_MARKER}${step}`, createdAt: now, usedAt: now })
    .onConflictDoNothing()
    .returning({ id: staffRecoveryCodes.id });
  return inserted.length > 0;
}

const secondFactorLimits = (staffId: number, ip: string) => [
  { key: `staff-2fa:acct:${staffId}`, max: LOGIN_MAX_FAILURES_PER_ACCOUNT },
  { key: `staff-2fa:ip:${ip}`, max: LOGIN_MAX_FAILURES_PER_IP },
];

/** A new secret for the authenticator app (replacing one not yet confirmed). The only answer that carries the secret. */
export async function startTotpSetup(db: Database, staff: StaffPrincipal, now: Date): Promise<TStaffTotpSetupAnswer> {
  if (staff.totpSetUp) throw alreadySetUp();
  const secret = generateSecret();
  const uri = generateURI({ issuer: STAFF_TOTP_ISSUER, label: staff.email, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(staffAccounts)
      .set({ totpSecret: secret })
      .where(and(eq(staffAccounts.id, staff.id), isNull(staffAccounts.totpConfirmedAt)))
      .returning({ id: staffAccounts.id });
    if (updated.length === 0) throw alreadySetUp();
    await recordStaffAction(tx, { staffId: staff.id, action: 'staff.totp_setup', itemType: 'staff', itemId: staff.id }, now);
  });
  return { secret, otpauth_uri: uri, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The first code from the app: TOTP is set up, the session done, and the recovery codes shown once. */
export async function confirmTotpSetup(
  deps: SecondFactorDeps,
  staff: StaffPrincipal,
  code: string,
  ip: string,
  now: Date,
): Promise<string[]> {
  const { secret, confirmedAt } = await secretOf(deps.db, staff.id);
  if (confirmedAt) throw alreadySetUp();
  if (!secret) throw setUpFirst();
  const attempt = await countAttempt(deps.limiter, secondFactorLimits(staff.id, ip), now);
  const step = await matchingStep(secret, code, now);
  if (step === null) {
    await recordStaffAction(
      deps.db,
      { staffId: staff.id, action: 'staff.second_factor_failed', itemType: 'staff', itemId: staff.id, after: { ip, method: 'totp_setup' } },
      now,
    );
    throw attempt.failure(codeWrong('code'));
  }
  await attempt.refund();
  const codes = Array.from({ length: STAFF_RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction(async (tx) => {
    const confirmed = await tx
      .update(staffAccounts)
      .set({ totpConfirmedAt: now })
      .where(and(eq(staffAccounts.id, staff.id), isNull(staffAccounts.totpConfirmedAt), eq(staffAccounts.totpSecret, secret)))
      .returning({ id: staffAccounts.id });
    if (confirmed.length === 0) throw alreadySetUp();
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staff.id));
    await useStep(tx, staff.id, step, now);
    await tx.insert(staffRecoveryCodes).values(codes.map((c) => ({ staffId: staff.id, codeHash: recoveryHash(c), createdAt: now })));
    await completeSecondFactor(tx, staff.sessionId, now);
    await recordStaffAction(
      tx,
      { staffId: staff.id, action: 'staff.totp_confirm', itemType: 'staff', itemId: staff.id, after: { ip, recovery_codes: codes.length } },
      now,
    );
  });
  await deps.limiter.reset(`staff-2fa:acct:${staff.id}`, STAFF_LOCK_MS);
  return codes;
}

async function recoveryCodesLeft(db: Tx | Database, staffId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        isNull(staffRecoveryCodes.usedAt),
        notLike(staffRecoveryCodes.codeHash, `${STEP_MARKER}%`),
      ),
    );
  return row?.n ?? 0;
}

/** The second step of a later login: a code from the app or an unused recovery code. Answers the recovery codes left. */
export async function verifySecondFactor(
  deps: SecondFactorDeps,
  staff: StaffPrincipal,
  input: TStaffTotpVerifyRequest,
  ip: string,
  now: Date,
): Promise<number> {
  const { secret, confirmedAt } = await secretOf(deps.db, staff.id);
  if (!confirmedAt || !secret) throw setUpFirst();
  const attempt = await countAttempt(deps.limiter, secondFactorLimits(staff.id, ip), now);
  const method = 'code' in input ? 'totp' : 'recovery_code';
  const failed = async (error: AppError) => {
    await recordStaffAction(
      deps.db,
      {
        staffId: staff.id,
        action: 'staff.second_factor_failed',
        itemType: 'staff',
        itemId: staff.id,
        after: { ip, method, reason: error.code },
      },
      now,
    );
    return attempt.failure(error);
  };

  const step = 'code' in input ? await matchingStep(secret, input.code, now) : null;
  if ('code' in input && step === null) throw await failed(codeWrong('code'));

  const outcome = await deps.db.transaction(async (tx) => {
    if (step !== null) {
      if (!(await useStep(tx, staff.id, step, now))) return 'replayed' as const;
    } else if ('recovery_code' in input) {
      const used = await tx
        .update(staffRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(staffRecoveryCodes.staffId, staff.id),
            eq(staffRecoveryCodes.codeHash, recoveryHash(input.recovery_code)),
            isNull(staffRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: staffRecoveryCodes.id });
      if (used.length === 0) return 'wrong' as const;
    }
    await completeSecondFactor(tx, staff.sessionId, now);
    const left = await recoveryCodesLeft(tx, staff.id);
    await recordStaffAction(
      tx,
      {
        staffId: staff.id,
        action: 'staff.second_factor',
        itemType: 'staff',
        itemId: staff.id,
        after: { ip, method, recovery_codes_left: left },
      },
      now,
    );
    return left;
  });
  if (outcome === 'replayed') throw await failed(codeUsed());
  if (outcome === 'wrong') throw await failed(codeWrong('recovery_code'));
  await attempt.refund();
  await deps.limiter.reset(`staff-2fa:acct:${staff.id}`, STAFF_LOCK_MS);
  return outcome;
}
