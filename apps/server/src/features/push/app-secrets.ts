/**
 * Random server secrets kept in app_keys (the table of the VAPID keys, vapid-keys.ts), generated
 * once per deployment so every server process signs with the same key: e.g. the HMAC key of the
 * appeal links in statements of reasons (features/moderation/appeal-link.ts).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { appKeys } from '../../db/schema';

/** The secret named `name` (32 random bytes), created on first use. */
export async function loadOrCreateAppSecret(db: Database, name: string): Promise<Buffer> {
  // Two processes starting together: both insert, one wins, both read the winner.
  await db
    .insert(appKeys)
    .values({ name, value: { secret: randomBytes(32).toString('base64url') } })
    .onConflictDoNothing();
  const [row] = await db.select().from(appKeys).where(eq(appKeys.name, name));
  return Buffer.from(row!.value.secret!, 'base64url');
}

const loaded = new WeakMap<Database, Map<string, Promise<Buffer>>>();

/**
 * The secret named `name`, loaded once per database handle and kept (signing links is frequent;
 * the key never changes). A failed load is tried again on the next call.
 */
export function cachedAppSecret(db: Database, name: string): Promise<Buffer> {
  let secrets = loaded.get(db);
  if (!secrets) loaded.set(db, (secrets = new Map()));
  let secret = secrets.get(name);
  if (!secret) {
    secret = loadOrCreateAppSecret(db, name);
    secret.catch(() => secrets.delete(name));
    secrets.set(name, secret);
  }
  return secret;
}
