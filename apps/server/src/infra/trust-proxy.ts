/**
 * TRUST_PROXY (decision 022): which proxies in front of the server may tell it the client's
 * address, scheme and host through X-Forwarded-For/-Proto/-Host.
 *
 * - `0` (default): none; the client address is the socket's.
 * - a number n: the n nearest hops are our proxies (1 = one load balancer). The client address
 *   is the one the farthest of them saw: the n-th entry of X-Forwarded-For counted from the
 *   right. Entries further left were written by the client and are ignored, so a made-up
 *   leftmost entry can no longer dodge the per-address limits.
 * - a comma-separated list of proxy addresses or CIDR ranges (and proxy-addr's names
 *   `loopback`, `linklocal`, `uniquelocal`): the client address is the rightmost entry that is
 *   not one of them.
 *
 * `true` (trust every entry, take the leftmost) is deliberately not expressible. Hops trust
 * whatever connects to the server as the first proxy, so use them only where nothing but the
 * proxies can reach it (HOST on a private interface, a firewall); otherwise list the addresses.
 */
import net from 'node:net';

export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const version = net.isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/** Parses the variable's text; throws with a readable reason for anything else. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 32) throw new Error(`TRUST_PROXY: ${hops} proxy hops is not plausible (at most 32)`);
    return hops;
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (entries.length === 0 || bad.length > 0) {
    throw new Error(`TRUST_PROXY: expected 0, a number of proxy hops, or proxy addresses/CIDR ranges; not ${bad.join(', ') || value}`);
  }
  return entries;
}

/**
 * What Fastify's `trustProxy` option gets. Fastify 5 takes a list as it is, but answers a bare
 * number with "trust nothing", so hops become proxy-addr's own hop rule as a function: the
 * socket (hop 0) up to hop n-1 are proxies.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust > 0 ? (_address, hop) => hop < trust : false;
  return trust;
}

/** Whether anything is trusted at all (behind a TLS-terminating proxy: HSTS is on). */
export function trustsAnyProxy(trust: TrustProxy): boolean {
  return trust !== false && trust !== 0 && !(Array.isArray(trust) && trust.length === 0);
}
