/**
 * The sandbox provider's test checkout (issue 14), registered only while the sandbox is the
 * provider (register.ts):
 *
 * - GET /sandbox/checkout/:id: the test page (sandbox-page.ts);
 * - POST /sandbox/checkout/:id (a form, status=paid|failed|cancelled|pending): records the
 *   choice in the sandbox's book, posts the webhook as the provider would, then 303 to the
 *   return URL (/transactions/{id}). Should the webhook not arrive, the transaction page asks
 *   the provider itself;
 * - POST /sandbox/checkout/:id/chargeback (test only): the payer's bank reverses a paid
 *   payment, and the webhook says so.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@cupido/shared/contracts';
import { AppError, notFound } from '../../../errors';
import type { PaymentDeps } from '../deps';
import { SANDBOX_CHOICES, pageLocale, renderSandboxPage } from './sandbox-page';
import { markSandboxChargedBack, recordSandboxChoice, sandboxPayment, sendSandboxWebhook } from './sandbox';

const ZSandboxParams = z.object({ id: z.string().max(64) });

export const sandboxCheckoutRoutes: FastifyPluginAsyncZod<{ deps: PaymentDeps }> = async (app, { deps }) => {
  // The test page posts a plain HTML form; this plugin's routes only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1_024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(
    '/sandbox/checkout/:id',
    { schema: { hide: true, params: ZSandboxParams } },
    async (request, reply) => {
      const payment = await sandboxPayment(deps.db, request.params.id);
      if (!payment) throw notFound();
      return reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        // Helmet's default no-referrer makes browsers send `Origin: null` with the page's form post,
        // which the Origin check refuses as foreign; same-origin keeps the real Origin on it.
        .header('referrer-policy', 'same-origin')
        .type('text/html; charset=utf-8')
        .send(renderSandboxPage(payment, pageLocale(request)));
    },
  );

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
      const payment = await recordSandboxChoice(deps.db, request.params.id, request.body.status);
      if (!payment) throw notFound();
      // Before the redirect, so a working webhook has usually settled the payment when the page loads.
      await sendSandboxWebhook(payment);
      return reply.code(303).header('location', payment.returnUrl).send('');
    },
  );

  app.post(
    '/sandbox/checkout/:id/chargeback',
    { schema: { hide: true, params: ZSandboxParams, response: { 200: z.object({ charged_back: z.boolean(), webhook_delivered: z.boolean() }), 404: ZApiError, 409: ZApiError } } },
    async (request) => {
      if (!(await sandboxPayment(deps.db, request.params.id))) throw notFound();
      const payment = await markSandboxChargedBack(deps.db, request.params.id);
      if (!payment) throw new AppError(409, 'payment_not_paid', 'errors.payment_not_paid');
      return { charged_back: true, webhook_delivered: await sendSandboxWebhook(payment) };
    },
  );
};
