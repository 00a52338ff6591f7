/**
 * Provider webhooks (issue 14, decision 032): POST /api/payment-webhook/:provider.
 *
 * The provider calls from its servers: no site, no session, no browser Origin to check (the
 * route is exempt from the Origin check, since it changes nothing on anyone's behalf: it only
 * says which payment to ask the provider about). A delivery is stored once per (provider,
 * event id), in a micro-batch with the deliveries arriving with it (event-store.ts), and
 * answered with the provider's expected body as soon as its batch committed; processing
 * (fetchStatus, settle) follows right after in this process (process.ts). The
 * payment_events_sweep job picks up whatever was stored but not processed (a crash, a provider
 * that did not answer).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { payments } from '../../../db/schema';
import { AppError, notFound } from '../../../errors';
import type { JobDefinition } from '../../../infra/jobs';
import type { PaymentDeps } from '../deps';
import { createEventStore, unprocessedEvents, type EventStore } from './event-store';
import { createEventProcessor, processEvents, type EventProcessor } from './process';

/** The in-process follow-up, the sweep's grace period: an event this young is still being worked on by the process that stored it. */
const SWEEP_GRACE_MS = 30_000;
const SWEEP_BATCH = 1_000;

const pipelines = new WeakMap<PaymentDeps, { store: EventStore; processor: EventProcessor }>();
function pipelineOf(deps: PaymentDeps) {
  let pipeline = pipelines.get(deps);
  if (!pipeline) {
    pipeline = { store: createEventStore(deps.db), processor: createEventProcessor(deps) };
    pipelines.set(deps, pipeline);
  }
  return pipeline;
}

export const paymentWebhookRoutes: FastifyPluginAsyncZod<{ deps: PaymentDeps }> = async (app, { deps }) => {
  const { store, processor } = pipelineOf(deps);
  // Some providers post their notifications as a form; this plugin's routes only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // Nothing may be left running against a closed database.
  app.addHook('onClose', async () => processor.idle());

  app.post(
    '/api/payment-webhook/:provider',
    {
      config: { withoutSite: true, foreignOriginAllowed: true },
      bodyLimit: 16_384,
      schema: {
        tags: ['payments'],
        summary:
          "The payment provider's notification that a payment changed: stored once per event id, answered at once, then the status is fetched from the provider",
        params: z.object({ provider: z.string().max(40) }),
        response: { 200: z.string(), 400: ZApiError, 404: ZApiError, 500: ZApiError },
      },
    },
    async (request, reply) => {
      if (request.params.provider !== deps.provider.name) throw notFound();
      let notice;
      try {
        notice = deps.provider.parseWebhook(request);
      } catch (err) {
        request.log.warn({ err, provider: deps.provider.name }, 'payments: webhook refused');
        throw new AppError(400, 'invalid_request', 'errors.invalid_request');
      }
      if (notice) {
        const stored = await store.store({
          provider: deps.provider.name,
          eventId: notice.eventId,
          providerPaymentId: notice.providerPaymentId,
          receivedAt: deps.clock(),
        });
        // A replayed event id was processed (or is queued) already.
        if (stored) setImmediate(() => processor.enqueue(stored));
      }
      return reply.type(deps.provider.webhookAnswer.contentType).send(deps.provider.webhookAnswer.body);
    },
  );
};

/**
 * A payment whose provider call never came back (the process stopped between storing the row and
 * storing the provider's id) stays open with no provider id: nothing could ever settle it. After
 * an hour it is marked failed, so the member's transaction page ends and a retry is offered.
 */
const ABANDONED_START_MS = 3_600_000;
async function failAbandonedStarts(deps: PaymentDeps): Promise<void> {
  const now = deps.clock();
  await deps.db
    .update(payments)
    .set({ status: 'failed', updatedAt: now })
    .where(
      and(
        eq(payments.status, 'open'),
        isNull(payments.providerPaymentId),
        lt(payments.createdAt, new Date(now.getTime() - ABANDONED_START_MS)),
      ),
    );
}

export function webhookJobs(deps: PaymentDeps): JobDefinition<Record<string, never>>[] {
  return [
    {
      name: 'payment_events_sweep',
      cron: '* * * * *',
      retry: { limit: 0, delaySeconds: 30, backoff: false },
      run: async () => {
        await failAbandonedStarts(deps);
        const olderThan = new Date(deps.clock().getTime() - SWEEP_GRACE_MS);
        const events = await unprocessedEvents(deps.db, deps.provider.name, olderThan, SWEEP_BATCH);
        if (events.length === 0) return;
        const result = await processEvents(deps, events);
        if (result.failed > 0) deps.log.warn({ ...result }, 'payments: sweep left webhook events unprocessed');
      },
    },
  ];
}
