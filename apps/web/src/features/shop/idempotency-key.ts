/**
 * A fresh idempotency key for one checkout (letters, digits and '-', as the contract asks).
 * randomUUID needs a secure context; a plain-http preview gets random bytes instead.
 */
export function newIdempotencyKey(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid) return uuid;
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
