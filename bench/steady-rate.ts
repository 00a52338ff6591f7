/**
 * An open-loop load at a steady rate (issue 32's write targets): request i is due at start + i/rate,
 * evenly spaced, whether or not earlier answers have come back, and its time is counted from when
 * it was due, so a server that falls behind shows it in the percentiles (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: it gives each connection a quota per second and sends the
 * quota back to back when the second starts (lib/httpClient.js, `reqsMadeThisSecond`), so "200 a
 * second" arrives as a burst of 200 at the top of each second and the burst's queue is measured,
 * not the call. Members do not like in lockstep with the clock.
 */
import http from 'node:http';
import type autocannon from 'autocannon';

export interface SteadyRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface SteadyResult {
  sent: number;
  answered: number;
  /** Non-2xx answers and failed connections. */
  errors: number;
  /** Answers a second over the run (sent / seconds when all came back). */
  ratePerSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Requests that found no free connection when due and waited for one (their wait is counted). */
  waitedForConnection: number;
}

export async function steadyRate(options: {
  base: string;
  ratePerSecond: number;
  seconds: number;
  /** Keep-alive connections at most; enough that the rate, not the pool, sets the pace. */
  connections: number;
  request: (n: number) => SteadyRequest;
}): Promise<SteadyResult> {
  const { base, ratePerSecond, seconds, connections } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(base);
  const total = Math.round(ratePerSecond * seconds);
  const intervalMs = 1000 / ratePerSecond;
  const times: number[] = [];
  let errors = 0;
  let inFlight = 0;
  let waitedForConnection = 0;

  const send = (n: number, dueAt: number) =>
    new Promise<void>((resolve) => {
      const { method, path, headers, body } = options.request(n);
      if (inFlight >= connections) waitedForConnection++;
      inFlight++;
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers,
          agent,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            inFlight--;
            if ((response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300) times.push(performance.now() - dueAt);
            else errors++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        inFlight--;
        errors++;
        resolve();
      });
      request.end(body);
    });

  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let n = 0; n < total; n++) {
    const dueAt = start + n * intervalMs;
    const wait = dueAt - performance.now();
    // setTimeout's granularity is about a millisecond: close enough at a few hundred a second.
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(n, dueAt));
  }
  await Promise.all(pending);
  const elapsedS = (performance.now() - start) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN) * 10) / 10;
  return {
    sent: total,
    answered: times.length,
    errors,
    ratePerSecond: times.length / elapsedS,
    p50: at(0.5),
    p99: at(0.99),
    max: Math.round((times.at(-1) ?? NaN) * 10) / 10,
    waitedForConnection,
  };
}

/**
 * The requests of a case written for autocannon (its first request template, whose setupRequest
 * builds each request afresh: a new like, a new webhook event), as this load's request factory.
 */
export function steadyRequestsFrom(
  template: autocannon.Request | undefined,
  path: string,
  headers: Record<string, string> = {},
): () => SteadyRequest {
  return () => {
    const first = { method: (template?.method ?? 'GET') as 'GET' | 'POST', path: template?.path ?? path, headers: { ...headers } };
    const setup = typeof template?.setupRequest === 'function' ? template.setupRequest : null;
    const built = (setup?.(first as never, {}) ?? first) as {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
    };
    return {
      method: (built.method ?? first.method) as 'GET' | 'POST',
      path: built.path ?? first.path,
      headers: built.headers ?? first.headers,
      body: built.body?.toString(),
    };
  };
}
