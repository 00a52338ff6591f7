/**
 * "Mail me a link" by address: password reset and reactivation (decision 022). Their answer
 * must not tell whether an address has an account, so for every well-formed address they do
 * the same work in the request (count the attempt per visitor address and per e-mail address)
 * and answer the same `{ sent: true }`; looking the account up and mailing happen afterwards,
 * in the background. The visitor's screen says "if there is an account, a link is on its way".
 * Signup alone still says that an address exists, as the spec wants (it offers login instead).
 */
import { and, eq } from 'drizzle-orm';
import {
  ACCOUNT_MAILS_PER_ACCOUNT_PER_HOUR,
  PASSWORD_RESET_TOKEN_HOURS,
  RESET_MAILS_PER_ACCOUNT_PER_DAY,
  RESET_MAILS_PER_IP_PER_DAY,
  isValidEmail,
  normalizeEmail,
} from '@cupido/shared/accounts';
import type { LocaleCode } from '@cupido/shared/locales';
import { AppError } from '../../errors';
import { users } from '../../db/schema';
import type { BackgroundTasks } from '../../infra/background-tasks';
import { hoursFrom, issueToken } from './tokens';
import { mailReactivationLink } from './deletion';
import { sendAccountMail, type AccountDeps, type RequestContext } from './account-context';

const DAY_MS = 24 * 3_600_000;
const HOUR_MS = 3_600_000;
/** Reactivation links asked for from one visitor address a day, known addresses or not. */
export const REACTIVATION_MAILS_PER_IP_PER_DAY = 20;

const error = (status: number, code: string) => new AppError(status, code, `errors.${code}`, {}, 'email');

async function accountOf(deps: AccountDeps, siteId: number, email: string) {
  const [user] = await deps.db
    .select({ id: users.id, status: users.status, language: users.language, deletedAt: users.deletedAt, name: deps.profiles.nameOf(users.profileId) })
    .from(users)
    .where(and(eq(users.siteId, siteId), eq(users.email, email)))
    .limit(1);
  return user ?? null;
}

/**
 * Counts one request per visitor address and per e-mail address (known or not, so hitting the
 * limit tells nothing either). Answers the normalised address.
 */
async function countRequest(deps: AccountDeps, limits: { ip: [string, number, number]; address: [string, number, number] }, code: string) {
  const [ip, address] = await Promise.all([deps.limiter.hit(...limits.ip), deps.limiter.hit(...limits.address)]);
  if (!ip.allowed || !address.allowed) throw error(429, code);
}

export async function requestPasswordReset(
  deps: AccountDeps,
  ctx: RequestContext,
  input: { email: string; language?: LocaleCode },
  background: BackgroundTasks,
): Promise<void> {
  if (!isValidEmail(input.email)) throw error(400, 'invalid_email');
  const email = normalizeEmail(input.email);
  await countRequest(
    deps,
    {
      ip: [`reset:ip:${ctx.ip}`, RESET_MAILS_PER_IP_PER_DAY, DAY_MS],
      address: [`reset:addr:${ctx.site.id}:${email}`, RESET_MAILS_PER_ACCOUNT_PER_DAY, DAY_MS],
    },
    'too_many_reset_mails',
  );
  background.run('password reset mail', async () => {
    const user = await accountOf(deps, ctx.site.id, email);
    if (!user || user.status === 'erased') return;
    if (user.status === 'pending_deletion' && user.deletedAt) {
      // A reset cannot open an account pending deletion; its way back is the reactivation link.
      await mailReactivationLink(deps, ctx, { id: user.id, email, language: user.language, name: user.name, deletedAt: user.deletedAt });
      return;
    }
    const now = deps.clock();
    const token = await issueToken(deps.db, { userId: user.id, purpose: 'password_reset', now, expiresAt: hoursFrom(now, PASSWORD_RESET_TOKEN_HOURS) });
    await sendAccountMail(deps, ctx, {
      kind: 'password_reset',
      to: email,
      name: user.name,
      locale: (input.language ?? user.language) as LocaleCode,
      path: `/reset-password/do?token=${encodeURIComponent(token)}`,
      expiresInHours: PASSWORD_RESET_TOKEN_HOURS,
    });
  });
}

/** Mails a new reactivation link when the address belongs to an account pending deletion. */
export async function requestReactivation(
  deps: AccountDeps,
  ctx: RequestContext,
  input: { email: string },
  background: BackgroundTasks,
): Promise<void> {
  if (!isValidEmail(input.email)) throw error(400, 'invalid_email');
  const email = normalizeEmail(input.email);
  await countRequest(
    deps,
    {
      ip: [`reactivation:ip:${ctx.ip}`, REACTIVATION_MAILS_PER_IP_PER_DAY, DAY_MS],
      address: [`reactivation:addr:${ctx.site.id}:${email}`, ACCOUNT_MAILS_PER_ACCOUNT_PER_HOUR, HOUR_MS],
    },
    'too_many_mails',
  );
  background.run('reactivation mail', async () => {
    const user = await accountOf(deps, ctx.site.id, email);
    if (!user || user.status !== 'pending_deletion' || !user.deletedAt) return;
    await mailReactivationLink(deps, ctx, { id: user.id, email, language: user.language, name: user.name, deletedAt: user.deletedAt });
  });
}
