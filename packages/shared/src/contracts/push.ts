import { z } from 'zod';
import { PUSH_MESSAGE_KINDS } from '../rules/push';

/**
 * Web push (spec sections 3 and 7, issue 30, decision 040): the contract of
 * `POST /api/user.php?push=1` and of the payload every push carries, which the service worker reads.
 */

/** The code (and message key `errors.invalid_push_subscription`) of every refused subscription. */
export const INVALID_PUSH_SUBSCRIPTION = 'invalid_push_subscription';

/** Push services' endpoints are a few hundred characters; anything far longer is not one. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An endpoint the server may post to: an https URL without credentials, or plain http to this
 * machine (a local push service in tests and demos; the server refuses it in production).
 */
export function isPushEndpoint(value: string): boolean {
  if (value.length > PUSH_ENDPOINT_MAX_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (url.protocol === 'https:') return url.hostname.length > 0;
  return url.protocol === 'http:' && (LOOPBACK_HOSTS.has(url.hostname) || /^127(?:\.\d{1,3}){3}$/.test(url.hostname));
}

/** How many bytes a base64url text (padding allowed) decodes to, or -1 if it is not base64url. */
export function base64UrlByteLength(value: string): number {
  const bare = value.replace(/={0,2}$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(bare) || bare.length % 4 === 1) return -1;
  return Math.floor((bare.length * 3) / 4);
}

const refused = { error: INVALID_PUSH_SUBSCRIPTION, params: { code: INVALID_PUSH_SUBSCRIPTION } };

/**
 * `PushSubscription.toJSON()` as the browser gives it. p256dh: the browser's P-256 public key as
 * an uncompressed point (65 bytes, first byte 0x04, so its base64url starts with B and A-P);
 * auth: the 16-byte secret (RFC 8291). The server also checks that the point lies on the curve.
 */
export const ZPushSubscription = z.object({
  endpoint: z.string().refine(isPushEndpoint, refused).meta({
    description: 'The push service’s URL for this browser: https (plain http only to 127.0.0.1 or localhost, and not in production)',
  }),
  expirationTime: z.number().nullable().optional().meta({ description: 'As the browser reports it (usually null); not used' }),
  keys: z.object({
    p256dh: z
      .string()
      .refine((value) => base64UrlByteLength(value) === 65 && /^B[A-P]/.test(value), refused)
      .meta({ description: 'base64url, 65-byte uncompressed P-256 point' }),
    auth: z
      .string()
      .refine((value) => base64UrlByteLength(value) === 16, refused)
      .meta({ description: 'base64url, 16 bytes' }),
  }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

/**
 * POST /api/user.php?push=1. `{subscription}` stores this browser for the logged-in member (the
 * browser sends it on every visit; an endpoint another member had moves to this one).
 * `{subscription: null, endpoint}` removes this browser (push turned off, or before logging out).
 */
export const ZPushSubscriptionRequest = z.strictObject({
  subscription: ZPushSubscription.nullable(),
  endpoint: z.string().max(PUSH_ENDPOINT_MAX_LENGTH).optional().meta({ description: 'With subscription null: the endpoint to remove' }),
});
export type TPushSubscriptionRequest = z.infer<typeof ZPushSubscriptionRequest>;

export const ZPushSubscriptionAnswer = z.object({
  subscribed: z.boolean().meta({ description: 'Whether this browser now gets the member’s pushes' }),
});
export type TPushSubscriptionAnswer = z.infer<typeof ZPushSubscriptionAnswer>;

/**
 * What a push carries (the decrypted payload, JSON). Never the text of a message: a push shows
 * on a locked screen. `checkUrl` is the screen to open for a logged-in member, `openUrl` the login
 * page that leads there; both are paths on the site the browser subscribed from.
 */
export const ZPushMessage = z.object({
  kind: z.enum(PUSH_MESSAGE_KINDS),
  title: z.string(),
  body: z.string(),
  /** The notification's tag: a newer push about the same conversation, like or match replaces it. */
  tag: z.string(),
  checkUrl: z.string(),
  openUrl: z.string(),
});
export type TPushMessage = z.infer<typeof ZPushMessage>;
