/**
 * One web push to one browser (RFC 8030): `web-push` encrypts the payload to the browser's keys
 * (RFC 8291, aes128gcm) and signs the VAPID header with the deployment's key (RFC 8292); the
 * request itself is sent here, so that production refuses private addresses at connect time
 * (endpoint-guard.ts), redirects are not followed, and a demo's or a test's push service on
 * 127.0.0.1 can be plain http (web-push's own sender speaks https only).
 */
import http from 'node:http';
import https from 'node:https';
import webPush from 'web-push';
import type { VapidKeys } from './vapid-keys';
import { publicOnlyLookup } from './endpoint-guard';

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface WebPushRequest {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  payload: string;
  vapid: VapidKeys;
  /** mailto: or https: URL the push service can reach the sender at (RFC 8292). */
  subject: string;
  ttlSeconds: number;
  urgency: PushUrgency;
  /** RFC 8030 Topic: at most 32 base64url characters; a newer push with it replaces an undelivered one. */
  topic?: string;
  /** Production: https only, and only to public addresses. */
  production: boolean;
}

/**
 * What the push service made of it: accepted; gone (404/410: the browser unsubscribed or the
 * subscription expired, so it is to be deleted); refused for good (another 4xx: sending again
 * would change nothing). Anything else (429, 5xx, no answer) throws, so the job is retried.
 */
export type WebPushOutcome = { kind: 'accepted' } | { kind: 'gone' } | { kind: 'refused'; status: number };

const TIMEOUT_MS = 15_000;

export class PushServiceUnavailable extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'PushServiceUnavailable';
  }
}

/** A VAPID token is valid for this long (RFC 8292 allows up to 24 hours)... */
const VAPID_TOKEN_SECONDS = 12 * 3600;
/** ...and is used until this long before it expires (clocks differ). */
const VAPID_TOKEN_MARGIN_SECONDS = 3600;
/** The Authorization header per push service, subject and key: signing it (ECDSA) cost more than the encryption. */
const vapidAuthorizations = new Map<string, { header: string; usableUntil: number }>();

function vapidAuthorization(endpoint: string, request: WebPushRequest): string {
  const { protocol, host } = new URL(endpoint);
  const audience = `${protocol}//${host}`;
  const key = `${audience} ${request.subject} ${request.vapid.publicKey}`;
  const now = Math.floor(Date.now() / 1000);
  const cached = vapidAuthorizations.get(key);
  if (cached && cached.usableUntil > now) return cached.header;
  const expiration = now + VAPID_TOKEN_SECONDS;
  const { Authorization } = webPush.getVapidHeaders(
    audience,
    request.subject,
    request.vapid.publicKey,
    request.vapid.privateKey,
    'aes128gcm',
    expiration,
  );
  if (vapidAuthorizations.size > 1000) vapidAuthorizations.clear();
  vapidAuthorizations.set(key, { header: Authorization, usableUntil: expiration - VAPID_TOKEN_MARGIN_SECONDS });
  return Authorization;
}

export async function sendWebPush(request: WebPushRequest): Promise<WebPushOutcome> {
  // Without vapidDetails web-push only encrypts; the signed token comes from the cache above.
  const details = webPush.generateRequestDetails(request.subscription, request.payload, {
    TTL: request.ttlSeconds,
    urgency: request.urgency,
    contentEncoding: 'aes128gcm',
    ...(request.topic ? { topic: request.topic } : {}),
  });
  details.headers.Authorization = vapidAuthorization(details.endpoint, request);
  const url = new URL(details.endpoint);
  if (url.protocol !== 'https:' && (request.production || url.protocol !== 'http:')) {
    return { kind: 'refused', status: 0 };
  }
  const status = await post(url, details.headers as Record<string, string | number>, details.body, request.production);
  if (status >= 200 && status < 300) return { kind: 'accepted' };
  if (status === 404 || status === 410) return { kind: 'gone' };
  if (status === 408 || status === 429 || status >= 500) throw new PushServiceUnavailable(status, `push service answered ${status}`);
  return { kind: 'refused', status };
}

function post(url: URL, headers: Record<string, string | number>, body: Buffer, production: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const outgoing = transport.request(
      url,
      { method: 'POST', headers, timeout: TIMEOUT_MS, ...(production ? { lookup: publicOnlyLookup } : {}) },
      (response) => {
        // Only the status matters; the body is read and dropped so the socket can be reused.
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new PushServiceUnavailable(null, 'push service did not answer in time')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
