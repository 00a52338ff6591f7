/**
 * SMS through a port (issue 14): the direct debit's one-time code.
 *
 * - No gateway configured (a laptop, the tests, the demo): nothing is sent. Each message is
 *   written to `<dataDir>/sms/<iso time>-<random>.txt` ("To: <number>", a blank line, the text),
 *   the way the mailer keeps .eml files, so the demo and the browser tests can read the code. The
 *   log names the recipient masked and the file, never the text (it carries the code).
 * - SMS_GATEWAY_URL set: a Twilio-compatible REST gateway (Twilio itself, or any service speaking
 *   its Messages API): POST {url}/2010-04-01/Accounts/{sid}/Messages.json, form To/From/Body,
 *   basic auth sid:token. A refusal, a 5xx or no answer within SMS_TIMEOUT_MS throws SmsError.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { SmsGatewayConfig } from '../config';
import { maskedPhone } from '../plugins/log-safety';

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
  /** How long the gateway may take (default SMS_TIMEOUT_MS). */
  timeoutMs?: number;
}

export const SMS_TIMEOUT_MS = 10_000;

/** The gateway refused the message or could not be reached. */
export class SmsError extends Error {
  constructor(
    message: string,
    /** The gateway's HTTP status; undefined when it gave no answer. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

/** The recipient in logs (kept here too for the features that import it from the SMS port). */
export { maskedPhone };

/** '2026-03-10T10:00:00.000Z' -> '2026-03-10T10-00-00.000Z-<8 hex>.txt' (no colons: Windows). */
export function smsFileName(time: Date): string {
  return `${time.toISOString().replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.txt`;
}

/** Reads back a file the log-only sender wrote (tests, the demo). */
export function parseSmsFile(content: string): OutgoingSms {
  const [head = '', ...rest] = content.split('\n\n');
  return { to: head.replace(/^To:\s*/, '').trim(), text: rest.join('\n\n').replace(/\n$/, '') };
}

function fileSender(dataDir: string, log: SmsSenderOptions['log']): SmsSender {
  const dir = path.join(dataDir, 'sms');
  return {
    async send(sms) {
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, smsFileName(new Date()));
      await fs.writeFile(file, `To: ${sms.to}\n\n${sms.text}\n`, { flag: 'wx' });
      // Masked like every log line: a server without a gateway may be a live one (issue 27).
      log.info({ to: maskedPhone(sms.to), file }, 'sms written (not sent: no gateway configured)');
    },
  };
}

function gatewaySender(gateway: SmsGatewayConfig, log: SmsSenderOptions['log'], timeoutMs: number): SmsSender {
  const url = `${gateway.url.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(gateway.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${gateway.accountSid}:${gateway.authToken}`).toString('base64')}`;
  return {
    async send(sms) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ To: sms.to, From: gateway.from, Body: sms.text }).toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new SmsError(
          timedOut ? `SMS gateway gave no answer within ${timeoutMs} ms` : `SMS gateway unreachable: ${(error as Error).message}`,
        );
      }
      const text = await response.text().catch(() => '');
      if (!response.ok)
        throw new SmsError(`SMS gateway refused the message: HTTP ${response.status} ${gatewayError(text)}`, response.status);
      let sid: string | undefined;
      try {
        sid = (JSON.parse(text) as { sid?: string }).sid;
      } catch {
        sid = undefined;
      }
      log.info({ to: maskedPhone(sms.to), sid }, 'sms sent');
    },
  };
}

/** Twilio's error body { code, message, more_info, status } in one line. */
function gatewayError(text: string): string {
  try {
    const body = JSON.parse(text) as { code?: number | string; message?: string };
    return [body.code, body.message].filter((part) => part !== undefined && part !== '').join(' ');
  } catch {
    return text.slice(0, 200);
  }
}

export function createSmsSender(options: SmsSenderOptions): SmsSender {
  return options.gateway
    ? gatewaySender(options.gateway, options.log, options.timeoutMs ?? SMS_TIMEOUT_MS)
    : fileSender(options.dataDir, options.log);
}
