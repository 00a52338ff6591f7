/** The built-in sandbox provider (helper: payments core): placeholder until it lands. */
import type { Database } from '../../../db/open';
import type { Clock } from '../../../infra/clock';
import type { PaymentProvider } from './port';

export function createSandboxProvider(deps: { db: Database; clock: Clock }): PaymentProvider {
  void deps;
  const notYet = () => Promise.reject(new Error('The sandbox provider is not built yet'));
  return {
    name: 'sandbox',
    createPayment: notYet,
    fetchStatus: notYet,
    refund: notYet,
    parseWebhook: () => null,
    webhookAnswer: { contentType: 'text/plain', body: 'OK' },
  };
}
