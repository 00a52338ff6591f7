/**
 * Signup, activation and the activation reminder mail (spec sections 4, 5 and 8; trust.md for
 * the consents). Everything a signup writes (profile, account, consents, activation token)
 * lands in one transaction; the mail goes out after it commits.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  ACCOUNT_MAILS_PER_ACCOUNT_PER_HOUR,
  ACTIVATION_TOKEN_HOURS,
  SIGNUPS_PER_IP_PER_HOUR,
  dateOfBirthProblem,
  hasTrafficSource,
  isValidEmail,
  nameProblem,
  normalizeEmail,
  passwordProblem,
  type TSignupRequest,
} from '@cupido/shared/accounts';
import { isSignupAllowed } from '@cupido/shared/rules';
import { AppError } from '../../errors';
import { accountTokens, consents, users } from '../../db/schema';
import { currentTermsVersion } from './consents';
import { hashPassword } from './passwords';
import { consumeToken, hoursFrom, issueToken, sha256 } from './tokens';
import { createSession } from './sessions';
import { activateInTx, isUniqueViolation, sendAccountMail, type AccountDeps, type RequestContext } from './account-context';

const HOUR_MS = 3_600_000;

function fieldError(status: number, code: string, field: string, params: Record<string, string | number> = {}) {
  return new AppError(status, code, `errors.${code}`, params, field);
}

/** Checks of spec section 5, first failing field first, in the order the form shows them. */
function validateSignup(input: TSignupRequest, minimumAge: number, messageLength: number, today: Date): void {
  if (!isValidEmail(input.email)) throw fieldError(400, 'invalid_email', 'email');
  const name = nameProblem(input.name, input.email);
  if (name) throw fieldError(400, name, 'name');
  const password = passwordProblem(input.password);
  if (password) throw fieldError(400, password, 'password');
  const birth = dateOfBirthProblem(input.date_of_birth, minimumAge, today);
  if (birth) throw fieldError(400, birth, 'date_of_birth', { min_age: minimumAge });
  if ((input.signup_message ?? '').length > messageLength) {
    throw fieldError(400, 'signup_message_too_long', 'signup_message', { max: messageLength });
  }
  if (!input.consent_terms) throw fieldError(400, 'consent_required', 'consent_terms');
}

async function refuseExistingEmail(deps: AccountDeps, siteId: number, email: string): Promise<void> {
  const [existing] = await deps.db
    .select({ status: users.status })
    .from(users)
    .where(and(eq(users.siteId, siteId), eq(users.email, email)))
    .limit(1);
  if (!existing) return;
  if (existing.status === 'pending_deletion') throw fieldError(409, 'account_pending_deletion', 'email');
  throw fieldError(409, 'email_exists', 'email');
}

export async function signup(
  deps: AccountDeps,
  ctx: RequestContext & { country: string },
  input: TSignupRequest,
): Promise<{ userId: number; sessionToken: string }> {
  const { site } = ctx;
  const now = deps.clock();
  if (!isSignupAllowed(site.signups, hasTrafficSource(input.tracking))) {
    throw new AppError(403, 'signups_closed', 'errors.signups_closed');
  }
  // Counted before anything is checked, so parallel signups cannot all pass the limit
  // (decision 022); only accounts actually created keep their count, so typos cost nothing.
  const ipKey = `signup:ip:${ctx.ip}`;
  const counted = await deps.limiter.hit(ipKey, SIGNUPS_PER_IP_PER_HOUR, HOUR_MS);
  let created: CreatedAccount;
  try {
    if (!counted.allowed) throw new AppError(429, 'too_many_signups', 'errors.too_many_signups');
    created = await createAccount(deps, ctx, input, now);
  } catch (error) {
    await deps.limiter.refund(ipKey, HOUR_MS, counted);
    throw error;
  }
  await mailActivationLink(deps, ctx, { email: created.email, name: input.name.trim(), language: created.language, token: created.activationToken });
  return { userId: created.userId, sessionToken: created.sessionToken };
}

interface CreatedAccount {
  userId: number;
  sessionToken: string;
  activationToken: string;
  email: string;
  language: string;
}

/** Checks the form and writes everything a signup creates, in one transaction. */
async function createAccount(
  deps: AccountDeps,
  ctx: RequestContext & { country: string },
  input: TSignupRequest,
  now: Date,
): Promise<CreatedAccount> {
  const { site } = ctx;
  validateSignup(input, site.minimumAge, site.messageLength, now);
  const email = normalizeEmail(input.email);
  await refuseExistingEmail(deps, site.id, email);

  const signupProfileId = input.signup_profile_id ?? null;
  if (signupProfileId !== null && !(await deps.profiles.isProfileOnSite(deps.db, signupProfileId, site.id))) {
    throw fieldError(400, 'invalid_request', 'signup_profile_id');
  }

  const passwordHash = await hashPassword(input.password);
  const termsVersion = await currentTermsVersion(deps.db, site.companyId);
  const language = input.language ?? ctx.locale;

  try {
    const created = await deps.db.transaction(async (tx) => {
      const profileId = await deps.profiles.createSignupProfile(tx, {
        siteId: site.id,
        name: input.name.trim(),
        birthDate: input.date_of_birth,
        country: ctx.country,
        createdAt: now,
      });
      const [user] = await tx
        .insert(users)
        .values({
          siteId: site.id,
          profileId,
          email,
          passwordHash,
          language,
          signupMessage: input.signup_message?.trim() || null,
          signupProfileId,
          // Without the ad-tracking consent the parameters only opened the gate above (decision 024).
          tracking: input.consent_ad_tracking ? (input.tracking ?? {}) : {},
          createdAt: now,
        })
        .returning({ id: users.id });
      const userId = user!.id;
      // The orientation consent is optional (decision 012): without it no row, and no
      // orientation is stored until the member gives it in the settings.
      await tx.insert(consents).values([
        { userId, kind: 'terms', version: termsVersion, grantedAt: now },
        ...(input.consent_orientation_data ? [{ userId, kind: 'orientation_data' as const, version: termsVersion, grantedAt: now }] : []),
        ...(input.consent_ad_tracking ? [{ userId, kind: 'ad_tracking' as const, version: termsVersion, grantedAt: now }] : []),
      ]);
      const activationToken = await issueToken(tx, {
        userId,
        purpose: 'activation',
        now,
        expiresAt: hoursFrom(now, ACTIVATION_TOKEN_HOURS),
      });
      const sessionToken = await createSession(tx, userId, now);
      return { userId, sessionToken, activationToken };
    });
    return { ...created, email, language };
  } catch (error) {
    // Two signups with one address at once: the unique index lets exactly one through.
    if (isUniqueViolation(error)) throw fieldError(409, 'email_exists', 'email');
    throw error;
  }
}

async function mailActivationLink(
  deps: AccountDeps,
  ctx: RequestContext,
  to: { email: string; name: string; language: string; token: string },
): Promise<void> {
  try {
    await sendAccountMail(deps, ctx, {
      kind: 'activation',
      to: to.email,
      name: to.name,
      locale: to.language as RequestContext['locale'],
      path: `/api/activate.php?token=${encodeURIComponent(to.token)}`,
      expiresInHours: ACTIVATION_TOKEN_HOURS,
    });
  } catch (error) {
    // The account stands; the reminder's "send again" button recovers from a mail outage.
    deps.log.error({ err: error }, 'activation mail failed');
  }
}

export type ActivationResult =
  | { outcome: 'activated'; userId: number }
  /** The link was used before and the account is active: nothing went wrong, say so. */
  | { outcome: 'already_active'; userId: number }
  | { outcome: 'invalid' };

/**
 * Uses an activation link. A link that was already used, of an account that is active now, is
 * not an error for the member (a second click, a mail app that opened it first).
 */
export async function activate(deps: AccountDeps, ctx: RequestContext, token: string): Promise<ActivationResult> {
  const userId = await consumeActivation(deps, ctx, token);
  if (userId !== null) return { outcome: 'activated', userId };
  const [used] = await deps.db
    .select({ userId: users.id })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(
      and(
        eq(accountTokens.tokenHash, sha256(token)),
        eq(accountTokens.purpose, 'activation'),
        isNotNull(accountTokens.usedAt),
        eq(users.siteId, ctx.site.id),
        eq(users.status, 'active'),
      ),
    )
    .limit(1);
  return used ? { outcome: 'already_active', userId: used.userId } : { outcome: 'invalid' };
}

async function consumeActivation(deps: AccountDeps, ctx: RequestContext, token: string): Promise<number | null> {
  const now = deps.clock();
  // An events transaction: activating publishes account.activated (account-context.ts).
  return deps.events.transaction(deps.db, async (tx) => {
    const used = await consumeToken(tx, token, 'activation', now);
    if (!used) return null;
    const [user] = await tx
      .select({ status: users.status, siteId: users.siteId })
      .from(users)
      .where(eq(users.id, used.userId));
    if (!user || user.siteId !== ctx.site.id || (user.status !== 'not_confirmed' && user.status !== 'active')) return null;
    await activateInTx(deps.events, tx, used.userId, ctx.site, now);
    return used.userId;
  });
}

export async function resendActivation(
  deps: AccountDeps,
  ctx: RequestContext,
  member: { id: number; email: string; status: string; language: string; profileName: string },
): Promise<void> {
  if (member.status !== 'not_confirmed') throw new AppError(409, 'already_confirmed', 'errors.already_confirmed');
  const hit = await deps.limiter.hit(`mail:acct:${member.id}`, ACCOUNT_MAILS_PER_ACCOUNT_PER_HOUR, HOUR_MS);
  if (!hit.allowed) throw new AppError(429, 'too_many_mails', 'errors.too_many_mails');
  const now = deps.clock();
  const token = await issueToken(deps.db, {
    userId: member.id,
    purpose: 'activation',
    now,
    expiresAt: hoursFrom(now, ACTIVATION_TOKEN_HOURS),
  });
  await sendAccountMail(deps, ctx, {
    kind: 'activation',
    to: member.email,
    name: member.profileName,
    locale: member.language as RequestContext['locale'],
    path: `/api/activate.php?token=${encodeURIComponent(token)}`,
    expiresInHours: ACTIVATION_TOKEN_HOURS,
  });
}

