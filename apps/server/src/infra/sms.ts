/**
 * SMS through a port (issue 14): the direct debit's one-time code. Placeholder until the direct
 * debit helper lands: a log-only default and one real gateway adapter behind configuration.
 */
import type { SmsGatewayConfig } from '../config';

export interface OutgoingSms {
  /** E.164, e.g. +31612345678. */
  to: string;
  text: string;
}

export interface SmsSender {
  send(sms: OutgoingSms): Promise<void>;
}

export interface SmsSenderOptions {
  gateway: SmsGatewayConfig | undefined;
  dataDir: string;
  log: { info(obj: object, msg: string): void };
}

export function createSmsSender(options: SmsSenderOptions): SmsSender {
  return {
    async send(sms) {
      options.log.info({ to: sms.to }, 'sms (not sent: no gateway configured)');
    },
  };
}
