/**
 * The one way postbacks reach a network (decision 050): a GET of the filled URL with a time limit,
 * no redirects followed, and the host's addresses checked at connect time, so a name that resolved
 * to a public address when the template was saved cannot later be pointed at this server's own
 * network (DNS rebinding). Only a demo's or test's http://127.0.0.1:<port> double goes to loopback.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isLoopbackDouble, isPrivateHost, POSTBACK_ANSWER_MAX } from '@cupido/shared/rules/postbacks';

/** How long one call may take, connect to last byte read. */
export const POSTBACK_TIMEOUT_MS = 10_000;
/** How long saving a template waits for the host's name to resolve. */
const SAVE_LOOKUP_MS = 3_000;

export interface PostbackAnswer {
  /** The HTTP status, or null when there was no answer (the text says why). */
  status: number | null;
  /** The first POSTBACK_ANSWER_MAX characters of the answer's body, or why there was none. */
  body: string;
}

/** No NUL (PostgreSQL text cannot hold it) and no more than the log keeps. */
const forTheLog = (text: string) => text.replace(/\0/g, '').slice(0, POSTBACK_ANSWER_MAX);

/** dns.lookup that refuses a name resolving to any private, loopback or link-local address. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || list.some((a) => isPrivateHost(a.address))) {
      return callback(
        Object.assign(new Error(`${hostname} resolves to a private address`), {
          code: 'EPRIVATE',
        }),
        '',
        4,
      );
    }
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

/**
 * True when `host` (a name) resolves now to a private address. A name that does not resolve yet
 * is not refused here: the check at connect time still stops it later.
 */
export async function resolvesToPrivateAddress(host: string): Promise<boolean> {
  const lookup = dns.promises.lookup(host, { all: true }).then(
    (addresses) => addresses.some((a) => isPrivateHost(a.address)),
    () => false,
  );
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), SAVE_LOOKUP_MS).unref());
  return Promise.race([lookup, timeout]);
}

/** GETs `url` and answers the status and the start of the body; never throws. */
export function callPostbackUrl(url: string, options: { allowLoopbackDouble: boolean; timeoutMs?: number }): Promise<PostbackAnswer> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({
      status: null,
      body: 'Not sent: the URL is not valid.',
    });
  }
  const double = options.allowLoopbackDouble && isLoopbackDouble(target);
  if (target.protocol !== 'https:' && !double)
    return Promise.resolve({
      status: null,
      body: 'Not sent: the URL is not https.',
    });
  if (!double && isPrivateHost(target.hostname))
    return Promise.resolve({
      status: null,
      body: 'Not sent: the host is a private address.',
    });
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: PostbackAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status: answer.status, body: forTheLog(answer.body) });
    };
    const request = client.request(
      target,
      {
        method: 'GET',
        headers: { 'user-agent': 'Cupido-Postback/1.0', accept: '*/*' },
        // A literal 127.0.0.1 is never looked up; every name is, through the check.
        lookup: double ? undefined : publicOnlyLookup,
        agent: false,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
          if (body.length >= POSTBACK_ANSWER_MAX) {
            settle({ status: response.statusCode ?? null, body });
            response.destroy();
          }
        });
        response.on('end', () => settle({ status: response.statusCode ?? null, body }));
        response.on('error', () => settle({ status: response.statusCode ?? null, body }));
      },
    );
    const timer = setTimeout(() => {
      settle({
        status: null,
        body: `No answer within ${(options.timeoutMs ?? POSTBACK_TIMEOUT_MS) / 1000} s.`,
      });
      request.destroy();
    }, options.timeoutMs ?? POSTBACK_TIMEOUT_MS);
    request.on('error', (error: NodeJS.ErrnoException) =>
      settle({
        status: null,
        body: `No answer: ${error.code ?? error.message}${error.code === 'EPRIVATE' ? ` (${error.message})` : ''}`,
      }),
    );
    request.end();
  });
}
