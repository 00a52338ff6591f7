/**
 * A member chooses the address the server posts each push to (the subscription's endpoint). In
 * production that must not let anyone aim the server at its own network: endpoints are https,
 * never to this machine or a private address, checked when a subscription is stored (an address
 * written as a name or a number) and again when the name is resolved for a send (a public name
 * that points inside). Demos and tests also reach a push service on 127.0.0.1 over plain http.
 */
import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

const PRIVATE_RANGES = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped and NAT64 forms would carry any of the addresses above.
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one the internet routes to (not loopback, private, link-local, multicast). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return !PRIVATE_RANGES.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/**
 * Whether a subscription with this endpoint may be stored: the contract has already checked that
 * it is https, or http to 127.0.0.1 or localhost; production takes only https to a public host.
 */
export function endpointAllowed(endpoint: string, production: boolean): boolean {
  if (!production) return true;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(host)) return isPublicAddress(host);
  return !LOCAL_NAMES.test(host) && host.includes('.');
}

/** A DNS lookup for sends in production: a name that resolves to a private address is refused. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      const denied = Object.assign(new Error(`push endpoint ${hostname} resolves to a private address`), { code: 'EPUSHPRIVATE' });
      return callback(denied, '', 0);
    }
    if (options.all) return (callback as unknown as (err: null, all: dns.LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
