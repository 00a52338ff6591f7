/**
 * The VAPID key pair for web push, generated once per deployment and kept in the database so
 * every server process signs with the same key.
 */
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { appKeys } from '../../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY_NAME = 'vapid';

export function generateVapidKeys(): VapidKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const priv = privateKey.export({ format: 'jwk' });
  // The browser wants the uncompressed point 0x04 || X || Y, base64url-encoded.
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(pub.x!, 'base64url'), Buffer.from(pub.y!, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: priv.d! };
}

export async function loadOrCreateVapidKeys(db: Database): Promise<VapidKeys> {
  // Two processes starting together: both insert, one wins, both read the winner.
  await db
    .insert(appKeys)
    .values({ name: KEY_NAME, value: { ...generateVapidKeys() } })
    .onConflictDoNothing();
  const [row] = await db.select().from(appKeys).where(eq(appKeys.name, KEY_NAME));
  const value = row!.value;
  return { publicKey: value.publicKey!, privateKey: value.privateKey! };
}
