/**
 * Password hashing with argon2id (OWASP's recommended parameters: 19 MiB, 2 passes, 1 lane,
 * which @node-rs/argon2 uses by default). Runs on libuv's thread pool, not the event loop.
 */
import { hash, verify, type Options } from '@node-rs/argon2';

/** Algorithm.Argon2id; the const enum cannot be imported under isolatedModules. */
const OPTIONS: Options = { algorithm: 2 as Options['algorithm'] };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of nothing anyone knows, verified when the e-mail is unknown so both answers take as long. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(`no-account-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
