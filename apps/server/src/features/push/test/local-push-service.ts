/**
 * A push service for the tests, on 127.0.0.1 (never imported by production code). It does what a
 * browser's push service and the browser do with a push, written here from the RFCs with
 * node:crypto only, so the server's encryption and signing are really checked:
 *
 * - RFC 8030: `POST /push/<id>` with TTL (required), Topic and Urgency; 201 Created with a
 *   Location, or 404/410 when a test says the subscription is gone;
 * - RFC 8292: the `Authorization: vapid t=<JWT>, k=<key>` header: the JWT's ES256 signature is
 *   verified with k, its aud must be this service's origin, exp in the next 24 hours, sub a
 *   mailto: or https: URL;
 * - RFC 8291 and RFC 8188: the aes128gcm body is decrypted with the subscription's private key,
 *   which the test made (ECDH P-256, HKDF-SHA-256, AES-128-GCM records).
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestPushSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** The subscription's endpoint the push was posted to. */
  endpoint: string;
  ttl: number;
  topic: string | null;
  urgency: string | null;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  vapid: { publicKey: string; subject: string; audience: string; expiresAt: number };
  status: number;
}

interface Subscriber {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
  /** What to answer: 201, or 404/410 (gone), or any other status a test wants. */
  answer: number;
}

export interface LocalPushService {
  origin: string;
  received: ReceivedPush[];
  /** Refused requests, with why (a bad signature, a missing TTL): a test expects none. */
  refused: string[];
  /** A new browser subscription: its endpoint here and its public keys, as PushSubscription.toJSON() gives them. */
  subscribe(): TestPushSubscription;
  /** The status this subscription's pushes get from now on (404 or 410: gone). */
  answerWith(endpoint: string, status: number): void;
  clear(): void;
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** RFC 8291 section 3.4 and RFC 8188: the plaintext of an aes128gcm body sent to `subscriber`. */
export function decryptAes128Gcm(body: Buffer, subscriber: Pick<Subscriber, 'ecdh' | 'publicKey' | 'auth'>): Buffer {
  // RFC 8188 header: salt (16) | record size (uint32) | key id length (1) | key id (the sender's public key).
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || recordSize < 18) throw new Error('aes128gcm header is not a web push header');
  const ecdhSecret = subscriber.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.publicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, subscriber.auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const records = body.subarray(21 + idLength);
  const plaintext: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence++) {
    const record = records.subarray(offset, offset + recordSize);
    // The nonce is the base nonce XOR the record's sequence number (a 96-bit big-endian number).
    const nonce = Buffer.from(baseNonce);
    for (let byte = 0; byte < 4; byte++) nonce[11 - byte]! ^= (sequence >>> (8 * byte)) & 0xff;
    const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: the data, a delimiter (2 in the last record, 1 before), then zeros.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const last = offset + recordSize >= records.length;
    if (padded[end] !== (last ? 2 : 1)) throw new Error('aes128gcm record has a wrong padding delimiter');
    plaintext.push(padded.subarray(0, end));
  }
  return Buffer.concat(plaintext);
}

/** RFC 8292: checks the VAPID header; answers its key and claims, or throws why it is refused. */
export function verifyVapid(header: string | undefined, origin: string, nowSeconds: number): ReceivedPush['vapid'] {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no vapid authorization: ${header}`);
  const [jwt, k] = [match[1]!, match[2]!];
  const [encodedHeader, encodedClaims, signature] = jwt.split('.') as [string, string, string];
  const jose = JSON.parse(Buffer.from(encodedHeader, 'base64url').toString()) as { alg?: string; typ?: string };
  if (jose.alg !== 'ES256') throw new Error(`JWT alg ${jose.alg}`);
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = Buffer.from(`${encodedHeader}.${encodedClaims}`);
  // JWS ES256: the signature is r || s, 32 bytes each (IEEE P1363), not DER.
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')))
    throw new Error('JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(encodedClaims, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud} is not ${origin}`);
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds || claims.exp > nowSeconds + 24 * 3600)
    throw new Error(`JWT exp ${claims.exp}`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`JWT sub ${claims.sub}`);
  return { publicKey: k, subject: claims.sub!, audience: claims.aud, expiresAt: claims.exp };
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const refuse = (status: number, why: string) => {
        refused.push(why);
        response.writeHead(status).end(why);
      };
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const subscriber = id ? subscribers.get(id) : undefined;
      if (request.method !== 'POST' || !id || !subscriber) return refuse(404, `unknown ${request.method} ${request.url}`);
      const ttl = Number(request.headers.ttl);
      if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL header missing or not a number');
      const topic = (request.headers.topic as string | undefined) ?? null;
      if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic))
        return refuse(400, `Topic ${topic} is not at most 32 base64url characters`);
      if (request.headers['content-encoding'] !== 'aes128gcm')
        return refuse(415, `content-encoding ${request.headers['content-encoding']}`);
      let vapid: ReceivedPush['vapid'];
      let payload: unknown;
      try {
        vapid = verifyVapid(request.headers.authorization, origin, Math.floor(Date.now() / 1000));
      } catch (error) {
        return refuse(401, (error as Error).message);
      }
      try {
        payload = JSON.parse(decryptAes128Gcm(Buffer.concat(chunks), subscriber).toString('utf8'));
      } catch (error) {
        return refuse(400, `payload: ${(error as Error).message}`);
      }
      const urgency = (request.headers.urgency as string | undefined) ?? null;
      received.push({ endpoint: `${origin}/push/${id}`, ttl, topic, urgency, payload, vapid, status: subscriber.answer });
      if (subscriber.answer !== 201) return response.writeHead(subscriber.answer).end();
      response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const idOf = (endpoint: string) => endpoint.slice(`${origin}/push/`.length);
  return {
    origin,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      subscribers.set(id, { ecdh, publicKey, auth, answer: 201 });
      return { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: b64url(publicKey), auth: b64url(auth) } };
    },
    answerWith(endpoint, status) {
      const subscriber = subscribers.get(idOf(endpoint));
      if (!subscriber) throw new Error(`no subscription ${endpoint}`);
      subscriber.answer = status;
    },
    clear() {
      received.length = 0;
      refused.length = 0;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
