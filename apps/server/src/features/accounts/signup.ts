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
  nameProblem,
  passwordProblem,
} from '@cupido/shared/rules/accounts';
import { hasTrafficSource, type TSignupRequest } from '@cupido/shared/contracts/accounts';
import { isValidEmail, normalizeEmail } from '@cupido/shared/rules/email';
import { isSignupAllowed } from '@cupido/shared/rules/site-shell';
import { cleanLandingPage, cleanTracking } from '@cupido/shared/rules/tracking';
import { SEEKINGS, type Seeking } from '@cupido/shared/rules/matching';
import { GENDERS, type Gender } from '@cupido/shared/rules/profile-options';
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

/** A choice of the form's first step: missing is "choose one", anything not offered is invalid_choice. */
function choiceOf<T extends string>(value: string | undefined, options: readonly T[], field: string): T {
  if (value === undefined || value.trim() === '') throw fieldError(400, `${field}_required`, field);
  if (!(options as readonly string[]).includes(value)) throw fieldError(400, 'invalid_choice', field);
  return value as T;
}

/** What the signup stores about the member besides the account (decision 036). */
interface SignupChoices {
  gender: Gender;
  /** Whom they look for: stored only with the orientation consent (GDPR art. 9), else null. */
  lookingForGender: Seeking | null;
  country: string;
}

/**
 * Checks of spec section 5 and issue 28, first failing field first, in the order the form shows
 * them: who you are and whom you look for come first. The country is one of the site's (default:
 * the detected one the route passes, already one of them).
 */
function validateSignup(
  input: TSignupRequest,
  site: { minimumAge: number; messageLength: number; countries: readonly string[] },
  detectedCountry: string,
  today: Date,
): SignupChoices {
  const gender = choiceOf(input.gender, GENDERS, 'gender');
  const lookingFor = choiceOf(input.looking_for, SEEKINGS, 'looking_for');
  if (!isValidEmail(input.email)) throw fieldError(400, 'invalid_email', 'email');
  const name = nameProblem(input.name, input.email);
  if (name) throw fieldError(400, name, 'name');
  const password = passwordProblem(input.password);
  if (password) throw fieldError(400, password, 'password');
  const birth = dateOfBirthProblem(input.date_of_birth, site.minimumAge, today);
  if (birth) throw fieldError(400, birth, 'date_of_birth', { min_age: site.minimumAge });
  const country = input.country === undefined ? detectedCountry : input.country.trim().toUpperCase();
  if (!site.countries.includes(country)) throw fieldError(400, 'country_not_served', 'country');
  if ((input.signup_message ?? '').length > site.messageLength) {
    throw fieldError(400, 'signup_message_too_long', 'signup_message', { max: site.messageLength });
  }
  if (!input.consent_terms) throw fieldError(400, 'consent_required', 'consent_terms');
  // With the gender, whom one looks for reveals the orientation: kept only with its consent
  // (decision 036); without it the browser keeps the choice for the session.
  return { gender, lookingForGender: input.consent_orientation_data ? lookingFor : null, country };
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
  // Values from a URL anyone can write: cut or dropped before they open the gate or are kept (issue 31).
  const tracking = cleanTracking(input.tracking);
  if (!isSignupAllowed(site.signups, hasTrafficSource(tracking))) {
    throw new AppError(403, 'signups_closed', 'errors.signups_closed');
  }
  // Counted before anything is checked, so parallel signups cannot all pass the limit
  // (decision 022); only accounts actually created keep their count, so typos cost nothing.
  const ipKey = `signup:ip:${ctx.ip}`;
  const counted = await deps.limiter.hit(ipKey, SIGNUPS_PER_IP_PER_HOUR, HOUR_MS);
  let created: CreatedAccount;
  try {
    if (!counted.allowed) throw new AppError(429, 'too_many_signups', 'errors.too_many_signups');
    created = await createAccount(deps, ctx, { ...input, tracking }, now);
  } catch (error) {
    await deps.limiter.refund(ipKey, HOUR_MS, counted);
    throw error;
  }
  await mailActivationLink(deps, ctx, {
    email: created.email,
    name: input.name.trim(),
    language: created.language,
    token: created.activationToken,
  });
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
  const choices = validateSignup(input, site, ctx.country, now);
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
    const created = await deps.events.transaction(deps.db, async (tx) => {
      const profileId = await deps.profiles.createSignupProfile(tx, {
        siteId: site.id,
        name: input.name.trim(),
        birthDate: input.date_of_birth,
        gender: choices.gender,
        lookingForGender: choices.lookingForGender,
        country: choices.country,
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
      await tx
        .insert(consents)
        .values([
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
      await deps.events.publish(tx, {
        type: 'account.signed_up',
        userId,
        siteId: site.id,
        profileId,
        tracking: input.consent_ad_tracking ? (input.tracking ?? {}) : {},
        landingPage: cleanLandingPage(input.landing_page),
        at: now,
      });
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
    const [user] = await tx.select({ status: users.status, siteId: users.siteId }).from(users).where(eq(users.id, used.userId));
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
