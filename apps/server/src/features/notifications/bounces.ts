/**
 * Bounces and spam complaints from the mail provider (issue 30, decision 039): Mailgun's webhook
 * (its documented JSON: `signature: {timestamp, token, signature}` and `event-data`) at
 * POST /api/mail-events/mailgun. A permanent failure (hard bounce) adds `bounce` to the member's
 * notifications_disabled, a complaint adds `fbl`: from then on no notification mail goes (the
 * mail job checks notifications_disabled when it runs), and the app shows the member why.
 *
 * Mailgun signs only the timestamp and the token, not the event: a captured signature could be
 * sent again with another recipient. So a signature counts for five minutes and its token once:
 * the event becomes one job whose id is made from the token (the queue keeps a job id once across
 * all processes), and a second delivery of the token is refused. Without
 * MAILGUN_WEBHOOK_SIGNING_KEY the route answers 404 and nothing changes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import type { Database } from '../../db/open';
import { AppError, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { workJobId, type JobDefinition, type JobQueue } from '../../infra/jobs';
import type { DomainEvents } from '../../infra/domain-events';
import { disableNotificationsForAddress, type NotificationsDisabledReason } from '../accounts/for-notifications';
import { changeMailState } from './mail-state';

export const MAIL_EVENT_JOB = 'notification_mail_event';
/** Mailgun's timestamp must be this fresh: an old signature is not accepted again. */
export const MAILGUN_SIGNATURE_MAX_AGE_SECONDS = 300;

/** One webhook delivery; null when the event changes nothing (it still holds its token, so that token cannot carry another event). */
export interface MailEventJob {
  recipient: string | null;
  reason: NotificationsDisabledReason | null;
}

export interface MailEventDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  /** MAILGUN_WEBHOOK_SIGNING_KEY; undefined: no provider, the route answers 404. */
  signingKey: string | undefined;
  events: DomainEvents;
}

export function mailEventJob(deps: Pick<MailEventDeps, 'db' | 'events'>): JobDefinition<MailEventJob> {
  return {
    name: MAIL_EVENT_JOB,
    run: async ({ recipient, reason }) => {
      if (!recipient || !reason) return;
      // The logged-in user carries notifications_disabled: the app shows the alert at its next refresh.
      await changeMailState(
        deps,
        (tx) => disableNotificationsForAddress(tx, recipient, reason),
        (changed) => changed,
      );
    },
  };
}

/** Mailgun's check: the hex HMAC-SHA256 of timestamp and token (no separator) with the webhook signing key. */
export function mailgunSignatureValid(key: string, signature: { timestamp: string; token: string; signature: string }): boolean {
  const expected = createHmac('sha256', key).update(`${signature.timestamp}${signature.token}`).digest();
  const given = Buffer.from(signature.signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What an event means for the member: a hard bounce or a complaint; anything else (delivered, a temporary failure, an open) changes nothing. */
export function reasonOfMailgunEvent(event: { event: string; severity?: string }): NotificationsDisabledReason | null {
  if (event.event === 'failed' && event.severity === 'permanent') return 'bounce';
  if (event.event === 'complained') return 'fbl';
  return null;
}

const ZMailgunWebhook = z.object({
  signature: z.object({
    timestamp: z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]).transform(String),
    token: z.string().min(1).max(200),
    signature: z.string().regex(/^[0-9a-f]{64}$/i),
  }),
  'event-data': z
    .object({
      event: z.string().max(40),
      severity: z.string().max(40).optional(),
      recipient: z.string().max(320).optional(),
    })
    .passthrough(),
});

const ZMailEventAnswer = z.object({ ok: z.literal(true), applied: z.boolean() });

export const mailEventRoutes: FastifyPluginAsyncZod<{ deps: MailEventDeps; job: JobDefinition<MailEventJob> }> = async (
  app,
  { deps, job },
) => {
  app.post(
    '/api/mail-events/mailgun',
    {
      // Mailgun calls from its servers: no site, no session, no browser Origin; the signature is the permission.
      config: { withoutSite: true, foreignOriginAllowed: true },
      bodyLimit: 65_536,
      schema: {
        tags: ['notifications'],
        summary:
          'Mailgun webhook (bounces and complaints): a permanent failure adds bounce, a complaint fbl to notifications_disabled of the recipient’s accounts. 401 mail_event_signature_invalid (wrong or older than 5 minutes), 406 mail_event_replayed (a token used before; Mailgun does not retry a 406), 404 without MAILGUN_WEBHOOK_SIGNING_KEY',
        body: ZMailgunWebhook,
        response: { 200: ZMailEventAnswer, 400: ZApiError, 401: ZApiError, 404: ZApiError, 406: ZApiError },
      },
    },
    async (request) => {
      if (!deps.signingKey) throw notFound();
      const { signature } = request.body;
      const age = deps.clock().getTime() / 1000 - Number(signature.timestamp);
      // A little slack for a provider clock ahead of ours.
      if (!mailgunSignatureValid(deps.signingKey, signature) || age > MAILGUN_SIGNATURE_MAX_AGE_SECONDS || age < -60) {
        throw new AppError(401, 'mail_event_signature_invalid', 'errors.invalid_request');
      }
      const event = request.body['event-data'];
      const reason = reasonOfMailgunEvent(event);
      const recipient = event.recipient?.trim() || null;
      const applied = reason !== null && recipient !== null;
      const queued = await deps.jobs.send(job, applied ? { recipient, reason } : { recipient: null, reason: null }, {
        id: workJobId(MAIL_EVENT_JOB, 'mailgun', signature.token),
      });
      if (queued === null) throw new AppError(406, 'mail_event_replayed', 'errors.invalid_request');
      return { ok: true as const, applied };
    },
  );
};
