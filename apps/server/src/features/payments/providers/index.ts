/** The provider the configuration names (decision 032): the sandbox unless PAYMENT_PROVIDER=paynl. */
import type { PaymentsConfig } from '../../../config';
import type { Database } from '../../../db/open';
import type { Clock } from '../../../infra/clock';
import type { PaymentProvider } from './port';
import { createSandboxProvider } from './sandbox';
import { createPaynlProvider } from './paynl';

export function createPaymentProvider(config: PaymentsConfig, deps: { db: Database; clock: Clock }): PaymentProvider {
  if (config.provider === 'paynl') {
    if (!config.paynl) throw new Error('PAYMENT_PROVIDER=paynl needs PAYNL_TOKEN_CODE, PAYNL_API_TOKEN and PAYNL_SERVICE_ID');
    return createPaynlProvider(config.paynl);
  }
  return createSandboxProvider(deps);
}
