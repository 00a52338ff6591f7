/**
 * The dashboard's days (issue 27): `daysOf` counts its days by arithmetic, so no range can make it
 * loop. It once compared day texts, and the day after 9999-12-31 is '+010000-01-01', which sorts
 * before it: one request looped for good. A synchronous loop blocks the event loop, so no timer in
 * this process could stop it: the dangerous ranges run in a child process with a deadline.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_MAX_DAYS } from '@cupido/shared/contracts/dashboard';
import { daysOf } from './day-range';

const DAY_RANGE_MODULE = fileURLToPath(new URL('./day-range.ts', import.meta.url));

/** daysOf(range) in a child process killed after 10 s: its answer, or what went wrong. */
function daysOfGuarded(range: { from: string; to: string }): { days?: string[]; error?: string } {
  const script = `
    const { daysOf } = await import(${JSON.stringify(DAY_RANGE_MODULE)});
    try { console.log(JSON.stringify({ days: daysOf(${JSON.stringify(range)}) })); }
    catch (error) { console.log(JSON.stringify({ error: error.name })); }`;
  const child = spawnSync(process.execPath, ['--max-old-space-size=200', '--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 10_000,
    killSignal: 'SIGKILL',
  });
  if (child.status !== 0) return { error: `exit ${child.status ?? child.signal}: ${child.stderr.slice(-300)}` };
  return JSON.parse(child.stdout) as { days?: string[]; error?: string };
}

describe('daysOf', () => {
  it('lists every day of the range, oldest first, across months and leap days', () => {
    expect(daysOf({ from: '2028-02-27', to: '2028-03-01' })).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(daysOf({ from: '2026-03-08', to: '2026-03-08' })).toEqual(['2026-03-08']);
    expect(daysOf({ from: '2026-03-09', to: '2026-03-08' })).toEqual([]);
    expect(daysOf({ from: '2025-01-01', to: '2025-12-31' })).toHaveLength(365);
  });

  it('ends on the last day of year 9999 instead of looping past it', () => {
    expect(daysOfGuarded({ from: '9999-12-31', to: '9999-12-31' })).toEqual({ days: ['9999-12-31'] });
    expect(daysOfGuarded({ from: '9999-12-30', to: '9999-12-31' })).toEqual({ days: ['9999-12-30', '9999-12-31'] });
  });

  it('refuses a range longer than the dashboard allows, or days that are no days, rather than building them', () => {
    expect(daysOfGuarded({ from: '0001-01-01', to: '9999-12-31' })).toEqual({ error: 'RangeError' });
    expect(daysOfGuarded({ from: '2026-01-01', to: 'not a day' })).toEqual({ error: 'RangeError' });
    expect(() => daysOf({ from: '2025-01-01', to: '2026-01-02' })).toThrow(RangeError);
    expect(daysOf({ from: '2024-01-01', to: '2024-12-31' })).toHaveLength(DASHBOARD_MAX_DAYS);
  });
});
