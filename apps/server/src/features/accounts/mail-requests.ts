/**
 * "Mail me a link" by address: password reset and reactivation (decision 022). Their answer
 * must not tell whether an address has an account, so for every well-formed address they do
 * the same work in the request (count the attempt per visitor address and per e-mail address,
 * queue one job) and answer the same `{ sent: true }`. Looking the account up, creating the
 * link's token and mailing happen in the job (infra/jobs.ts): it survives a restart, runs once
 * across processes and is retried when the mail server fails. The job's data names the site,
 * the address and the language, never a token. The visitor's screen says "if there is an
 * account, a link is on its way". Signup alone still says that an address exists, as the spec
 * wants (it offers login instead).
 */
import { and, eq } from 'drizzle-orm';
import {
  ACCOUNT_MAILS_PER_ACCOUNT_PER_HOUR,
  PASSWORD_RESET_TOKEN_HOURS,
  RESET_MAILS_PER_ACCOUNT_PER_DAY,
  RESET_MAILS_PER_IP_PER_DAY,
} from '@cupido/shared/rules/accounts';
import { isValidEmail, normalizeEmail } from '@cupido/shared/rules/email';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { AppError } from '../../errors';
import { users } from '../../db/schema';
import type { JobDefinition } from '../../infra/jobs';
import { siteOrigin, type PublicOriginConfig } from '../sites/public-origin';
import type { SiteService } from '../sites/service';
import { hoursFrom, issueToken } from './tokens';
import { mailReactivationLink } from './deletion';
import { sendAccountMail, type AccountDeps, type MailContext, type RequestContext } from './account-context';

const DAY_MS = 24 * 3_600_000;
const HOUR_MS = 3_600_000;
/** Reactivation links asked for from one visitor address a day, known addresses or not. */
export const REACTIVATION_MAILS_PER_IP_PER_DAY = 20;

const error = (status: number, code: string) => new AppError(status, code, `errors.${code}`, {}, 'email');

export const LINK_MAIL_JOB = 'account_link_mail';

/** A link asked for by address: the job's data (no token: the job creates it). */
export interface LinkMailRequest {
  kind: 'password_reset' | 'reactivation';
  siteId: number;
  /** Normalised. */
  email: string;
  /** The language of the page the reset was asked on; null: the account's own. */
  language: LocaleCode | null;
}

/** Queues the job (its module.ts: the job queue's send); never inside a database transaction. */
export type SendLinkMail = (request: LinkMailRequest) => Promise<unknown>;

async function accountOf(deps: Pick<AccountDeps, 'db' | 'profiles'>, siteId: number, email: string) {
  const [user] = await deps.db
    .select({
      id: users.id,
      status: users.status,
      language: users.language,
      deletedAt: users.deletedAt,
      name: deps.profiles.nameOf(users.profileId),
    })
    .from(users)
    .where(and(eq(users.siteId, siteId), eq(users.email, email)))
    .limit(1);
  return user ?? null;
}

/**
 * Counts one request per visitor address and per e-mail address (known or not, so hitting the
 * limit tells nothing either).
 */
async function countRequest(deps: AccountDeps, limits: { ip: [string, number, number]; address: [string, number, number] }, code: string) {
  const [ip, address] = await Promise.all([deps.limiter.hit(...limits.ip), deps.limiter.hit(...limits.address)]);
  if (!ip.allowed || !address.allowed) throw error(429, code);
}

export async function requestPasswordReset(
  deps: AccountDeps,
  ctx: RequestContext,
  input: { email: string; language?: LocaleCode },
  sendLinkMail: SendLinkMail,
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
  await sendLinkMail({ kind: 'password_reset', siteId: ctx.site.id, email, language: input.language ?? null });
}

/** Mails a new reactivation link when the address belongs to an account pending deletion. */
export async function requestReactivation(
  deps: AccountDeps,
  ctx: RequestContext,
  input: { email: string },
  sendLinkMail: SendLinkMail,
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
  await sendLinkMail({ kind: 'reactivation', siteId: ctx.site.id, email, language: null });
}

/** Mails what a request asked for, if the address has an account it applies to; else nothing. */
async function mailAskedLink(deps: AccountDeps, ctx: MailContext, request: LinkMailRequest): Promise<void> {
  const { email } = request;
  const user = await accountOf(deps, ctx.site.id, email);
  if (!user) return;
  if (user.status === 'pending_deletion' && user.deletedAt) {
    // A reset cannot open an account pending deletion; its way back is the reactivation link.
    await mailReactivationLink(deps, ctx, { id: user.id, email, language: user.language, name: user.name, deletedAt: user.deletedAt });
    return;
  }
  if (request.kind !== 'password_reset' || user.status === 'erased') return;
  const now = deps.clock();
  const token = await issueToken(deps.db, {
    userId: user.id,
    purpose: 'password_reset',
    now,
    expiresAt: hoursFrom(now, PASSWORD_RESET_TOKEN_HOURS),
  });
  await sendAccountMail(deps, ctx, {
    kind: 'password_reset',
    to: email,
    name: user.name,
    locale: request.language ?? (user.language as LocaleCode),
    path: `/reset-password/do?token=${encodeURIComponent(token)}`,
    expiresInHours: PASSWORD_RESET_TOKEN_HOURS,
  });
}

/**
 * The job that mails a link asked for by address. A failed mail is retried (infra/jobs.ts); each
 * attempt issues its own token, and one never mailed expires unused.
 */
export function linkMailJob(deps: AccountDeps & { sites: SiteService; publicOrigin: PublicOriginConfig }): JobDefinition<LinkMailRequest> {
  return {
    name: LINK_MAIL_JOB,
    async run(request) {
      const site = await deps.sites.byId(request.siteId);
      if (!site) return;
      await mailAskedLink(deps, { site, origin: siteOrigin(site.domain, deps.publicOrigin) }, request);
    },
  };
}
