/**
 * What every account operation needs: the database, the mailer, the shared rate limiter, the
 * clock, the events and the profiles port (deps), and the request it serves (site, locale, IP, the origin its links point to).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { users } from '../../db/schema';
import type { DomainEvents } from '../../infra/domain-events';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { Mailer } from '../../infra/mailer';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { Site } from '../sites/service';
import { changeCredits } from '../credits/service';
import { renderAccountMail, type AccountMailKind } from './account-mails';
import type { ProfilePort } from './profile-port';

export interface AccountDeps {
  db: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  clock: Clock;
  log: FastifyBaseLogger;
  /** account.* events go out here (deletion.ts); other features erase or hide what they hold. */
  events: DomainEvents;
  /** The member's profile, which profiles owns and accounts may not import (profile-port.ts). */
  profiles: ProfilePort;
}

export interface RequestContext {
  site: Site;
  locale: LocaleCode;
  ip: string;
  /** Scheme, host and port that e-mailed links point to (never an unknown Host header). */
  origin: string;
  /** The session cookie of the request, when there is one. */
  sessionToken: string | null;
}

/** What a mail needs of the request: the site it is branded with and the origin its link points to (jobs make it from the site). */
export type MailContext = Pick<RequestContext, 'site' | 'origin'>;

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Postgres' unique_violation, as both drivers report it (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const err = error as { code?: string; cause?: { code?: string } } | undefined;
  return err?.code === '23505' || err?.cause?.code === '23505';
}

export async function sendAccountMail(
  deps: Pick<AccountDeps, 'mailer'>,
  ctx: MailContext,
  input: {
    kind: AccountMailKind;
    to: string;
    name: string;
    locale: LocaleCode;
    path: string;
    expiresInHours: number;
    changedAt?: Date;
    newEmail?: string;
  },
): Promise<void> {
  const link = `${ctx.origin}${input.path}`;
  const { subject, text, html } = renderAccountMail({
    kind: input.kind,
    locale: input.locale,
    name: input.name,
    link,
    expiresInHours: input.expiresInHours,
    changedAt: input.changedAt,
    newEmail: input.newEmail,
    site: {
      name: ctx.site.name,
      domain: ctx.site.domain,
      themeColor: ctx.site.themeColor,
      logoText: ctx.site.logoText,
      supportEmail: ctx.site.supportEmail,
    },
  });
  await deps.mailer.send({
    to: input.to,
    fromName: ctx.site.name,
    fromAddress: ctx.site.supportEmail,
    subject,
    text,
    html,
    links: [link],
  });
}

/**
 * Activation: not_confirmed -> active and the site's signup credits, once. The credit entry's
 * unique key makes a second activation (or a replay) post nothing. Publishes account.activated
 * in the same transaction (`tx` must come from `events.transaction`): chats sends the signup
 * message there, paid from the credits just granted.
 */
export async function activateInTx(
  events: DomainEvents,
  tx: Tx,
  userId: number,
  site: { id: number; signupCredits: number },
  now: Date,
): Promise<boolean> {
  const [activated] = await tx
    .update(users)
    .set({ status: 'active', activatedAt: now })
    .where(and(eq(users.id, userId), eq(users.status, 'not_confirmed')))
    .returning({ profileId: users.profileId, signupProfileId: users.signupProfileId, signupMessage: users.signupMessage });
  if (!activated) return false;
  if (site.signupCredits > 0) {
    await changeCredits(tx, { userId, amount: site.signupCredits, kind: 'signup_credits', idempotencyKey: 'signup_credits', now });
  }
  await events.publish(tx, { type: 'account.activated', userId, siteId: site.id, ...activated });
  return true;
}

export function minutesUntil(date: Date, now: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - now.getTime()) / 60_000));
}
