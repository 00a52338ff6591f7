/**
 * The payments feature's server side (issue 14, decision 032): the member's shop calls, the
 * provider's webhooks, the sandbox's test checkout, direct debit, orders and receipts, finance's
 * back-office calls, and the jobs that keep them going.
 */
import type { FeatureModule } from '../../infra/feature-module';
import type { PersonalDataRegistry } from '../personal-data/registry';
import { ordersDataPart } from './receipts/personal-data';
import type { SmsSender } from '../../infra/sms';
import type { RunMode } from '../../run-mode';
import type { PaymentProvider } from './providers/port';
import type { PaymentDeps } from './deps';
import { paymentRoutes } from './routes';
import { paymentWebhookRoutes, webhookJobs } from './webhooks/routes';
import { sandboxCheckoutRoutes } from './providers/sandbox-routes';
import { directDebitRoutes, directDebitJobs } from './direct-debit/routes';
import { orderRoutes, receiptJobs } from './receipts/routes';
import { financeRoutes } from './finance/routes';

/** What the feature needs from the app's context. */
export type PaymentsNeeds = Omit<PaymentDeps, 'provider' | 'sms'> & {
  providers: { payment: PaymentProvider; sms: SmsSender };
  mode: RunMode;
  personalData: PersonalDataRegistry;
};

export const paymentsModule: FeatureModule<PaymentsNeeds> = {
  name: 'payments',
  contribute({ personalData }) {
    personalData.add(ordersDataPart);
  },
  async register(app, ctx) {
    const deps: PaymentDeps = { ...ctx, provider: ctx.providers.payment, sms: ctx.providers.sms };
    await app.register(paymentRoutes, { deps });
    await app.register(paymentWebhookRoutes, { deps });
    // The sandbox's chargeback route only the tests' app has (decision 035).
    if (deps.provider.name === 'sandbox') await app.register(sandboxCheckoutRoutes, { deps, testRoutes: ctx.mode === 'test' });
    await app.register(directDebitRoutes, { deps });
    await app.register(orderRoutes, { deps });
    await app.register(financeRoutes, { deps });
    for (const job of [...webhookJobs(deps), ...receiptJobs(deps), ...directDebitJobs(deps)]) deps.jobs.register(job);
  },
};
