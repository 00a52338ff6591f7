/** What the payments feature uses of the app's context (issue 14), with the providers under the names its code knows. */
import type { AppContext } from '../../app-context';
import type { SmsSender } from '../../infra/sms';
import type { PaymentProvider } from './providers/port';

export type PaymentDeps = Pick<
  AppContext,
  'db' | 'clock' | 'events' | 'mailer' | 'limiter' | 'sites' | 'jobs' | 'publicOrigin' | 'log' | 'countryHeader' | 'forgetMemberSessions'
> & {
  provider: PaymentProvider;
  sms: SmsSender;
};
