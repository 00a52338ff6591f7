/**
 * The payments feature's server side (issue 14, decision 032), registered by app.ts: the member's
 * shop calls, the provider's webhooks, the sandbox's test checkout, direct debit, orders and
 * receipts, finance's back-office calls, and the jobs that keep them going.
 */
import type { FastifyInstance } from 'fastify';
import type { PaymentDeps } from './deps';
import { paymentRoutes } from './routes';
import { paymentWebhookRoutes, webhookJobs } from './webhooks/routes';
import { sandboxCheckoutRoutes } from './providers/sandbox-routes';
import { directDebitRoutes, directDebitJobs } from './direct-debit/routes';
import { orderRoutes, receiptJobs } from './receipts/routes';
import { financeRoutes } from './finance/routes';

export interface PaymentsRegistration {
  /** The sandbox's chargeback route, which only the tests' app has (decision 035). */
  sandboxTestRoutes: boolean;
}

export async function registerPayments(app: FastifyInstance, deps: PaymentDeps, registration: PaymentsRegistration): Promise<void> {
  await app.register(paymentRoutes, { deps });
  await app.register(paymentWebhookRoutes, { deps });
  if (deps.provider.name === 'sandbox') await app.register(sandboxCheckoutRoutes, { deps, testRoutes: registration.sandboxTestRoutes });
  await app.register(directDebitRoutes, { deps });
  await app.register(orderRoutes, { deps });
  await app.register(financeRoutes, { deps });
  for (const job of [...webhookJobs(deps), ...receiptJobs(deps), ...directDebitJobs(deps)]) deps.jobs.register(job);
}
