/**
 * The sandbox provider's test checkout (issue 14), registered only while the sandbox is the
 * provider (register.ts):
 *
 * - GET /sandbox/checkout/:id: the test page (sandbox-page.ts);
 * - POST /sandbox/checkout/:id (a form, status=paid|failed|cancelled|pending): records the
 *   choice in the sandbox's book, posts the webhook as the provider would, then 303 to the
 *   return URL (/transactions/{id}). Should the webhook not arrive, the transaction page asks
 *   the provider itself;
 * - POST /sandbox/checkout/:id/chargeback (the tests' app only, decision 035): the payer's bank
 *   reverses a paid payment, and the webhook says so.
 *
 * The page and its form answer only the payer's own session: anyone else (another member, no
 * session) gets 404, as if the payment did not exist, so a leaked or guessed checkout address
 * cannot mark someone else's payment (decision 035).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { payments } from '../../../db/schema';
import { AppError, notFound } from '../../../errors';
import type { PaymentDeps } from '../deps';
import { SANDBOX_CHOICES, pageLocale, renderSandboxPage } from './sandbox-page';
import { markSandboxChargedBack, recordSandboxChoice, sandboxPayment, sendSandboxWebhook } from './sandbox';

const ZSandboxParams = z.object({ id: z.string().max(64) });

/** Throws 404 unless the request's member (on this site) is the one who started the payment. */
async function assertPayer(deps: PaymentDeps, request: FastifyRequest, providerPaymentId: string): Promise<void> {
  const member = await request.member();
  if (!member) throw notFound();
  const [payment] = await deps.db
    .select({ userId: payments.userId, siteId: payments.siteId })
    .from(payments)
    .where(eq(payments.providerPaymentId, providerPaymentId))
    .limit(1);
  if (!payment || payment.userId !== member.id || payment.siteId !== request.site.id) throw notFound();
}

export const sandboxCheckoutRoutes: FastifyPluginAsyncZod<{ deps: PaymentDeps; testRoutes: boolean }> = async (
  app,
  { deps, testRoutes },
) => {
  // The test page posts a plain HTML form; this plugin's routes only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1_024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get('/sandbox/checkout/:id', { schema: { hide: true, params: ZSandboxParams } }, async (request, reply) => {
    const payment = await sandboxPayment(deps.db, request.params.id);
    if (!payment) throw notFound();
    await assertPayer(deps, request, payment.id);
    return (
      reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        // Helmet's default no-referrer makes browsers send `Origin: null` with the page's form post,
        // which the Origin check refuses as foreign; same-origin keeps the real Origin on it.
        .header('referrer-policy', 'same-origin')
        .type('text/html; charset=utf-8')
        .send(renderSandboxPage(payment, pageLocale(request)))
    );
  });

  app.post(
    '/sandbox/checkout/:id',
    {
      schema: {
        hide: true,
        params: ZSandboxParams,
        body: z.object({ status: z.enum(SANDBOX_CHOICES) }),
      },
    },
    async (request, reply) => {
      if (!(await sandboxPayment(deps.db, request.params.id))) throw notFound();
      await assertPayer(deps, request, request.params.id);
      const payment = await recordSandboxChoice(deps.db, request.params.id, request.body.status);
      if (!payment) throw notFound();
      // Before the redirect, so a working webhook has usually settled the payment when the page loads.
      await sendSandboxWebhook(payment);
      return reply.code(303).header('location', payment.returnUrl).send('');
    },
  );

  if (!testRoutes) return;
  app.post(
    '/sandbox/checkout/:id/chargeback',
    {
      schema: {
        hide: true,
        params: ZSandboxParams,
        response: { 200: z.object({ charged_back: z.boolean(), webhook_delivered: z.boolean() }), 404: ZApiError, 409: ZApiError },
      },
    },
    async (request) => {
      if (!(await sandboxPayment(deps.db, request.params.id))) throw notFound();
      const payment = await markSandboxChargedBack(deps.db, request.params.id);
      if (!payment) throw new AppError(409, 'payment_not_paid', 'errors.payment_not_paid');
      return { charged_back: true, webhook_delivered: await sendSandboxWebhook(payment) };
    },
  );
};
