/** PAY. (pay.nl) (helper: direct debit and PAY.): placeholder until it lands. */
import type { PaymentsConfig } from '../../../config';
import type { PaymentProvider } from './port';

export function createPaynlProvider(options: NonNullable<PaymentsConfig['paynl']>): PaymentProvider {
  void options;
  throw new Error('The PAY. provider is not built yet');
}
