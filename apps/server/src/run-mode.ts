/**
 * Demo or production, decided once at start (decision 035). A server listening on a loopback
 * address can only be reached from this machine: that is a laptop demo, with the demo seed, the
 * sandbox payments and the dev mailbox. Anything else is production, where those are refused
 * (preflight/checks.ts). `PRODUCTION=1` makes a loopback server production too: a proxy on the
 * same machine (nginx on 443 in front of 127.0.0.1:3000) would otherwise expose a demo to the
 * internet. Nothing can make a server on a public address a demo.
 *
 * 'test' is the app that the tests build in-process (test/test-app.ts): a demo that also has the
 * test-only routes (the sandbox's chargeback). No environment variable can select it.
 */
export type RunMode = 'demo' | 'production' | 'test';

const LOOPBACK_NAMES = new Set(['localhost', '::1', '[::1]', '0:0:0:0:0:0:0:1']);

/** 127.0.0.0/8, ::1 and localhost: addresses that only this machine reaches. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const value = address.trim().toLowerCase();
  if (LOOPBACK_NAMES.has(value)) return true;
  // An IPv4 address as IPv6 (::ffff:127.0.0.1), as Node reports IPv4 clients of a dual-stack socket.
  const v4 = value.startsWith('::ffff:') ? value.slice(7) : value;
  return /^127(?:\.\d{1,3}){3}$/.test(v4);
}

export function runModeOf(env: { host: string; forceProduction: boolean }): Exclude<RunMode, 'test'> {
  return !env.forceProduction && isLoopbackAddress(env.host) ? 'demo' : 'production';
}

/** Demo-only parts (demo seed, sandbox by default, dev mailbox) exist in a demo and in the tests. */
export const isDemoMode = (mode: RunMode): boolean => mode !== 'production';
