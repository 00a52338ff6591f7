import { describe, expect, it } from 'vitest';
import { latestTickWithin, parseCron } from './cron';

const at = (iso: string) => new Date(iso);

describe('cron expressions', () => {
  it('finds the latest tick within the window, in UTC', () => {
    const hourly = parseCron('0 * * * *');
    expect(latestTickWithin(hourly, at('2026-01-15T14:00:00Z'), 60)).toEqual(at('2026-01-15T14:00:00Z'));
    expect(latestTickWithin(hourly, at('2026-01-15T14:59:59Z'), 60)).toEqual(at('2026-01-15T14:00:00Z'));
    expect(latestTickWithin(hourly, at('2026-01-15T14:59:59Z'), 30)).toBeNull();

    const nightly = parseCron('30 3 * * *');
    expect(latestTickWithin(nightly, at('2026-01-15T03:45:00Z'), 60)).toEqual(at('2026-01-15T03:30:00Z'));
    expect(latestTickWithin(nightly, at('2026-01-15T14:00:00Z'), 60)).toBeNull();
  });

  it('reads steps, ranges and lists, and either day field when both are set', () => {
    const quarter = parseCron('*/15 8-10 * * *');
    expect(quarter.matches(at('2026-01-15T08:45:00Z'))).toBe(true);
    expect(quarter.matches(at('2026-01-15T08:50:00Z'))).toBe(false);
    expect(quarter.matches(at('2026-01-15T11:00:00Z'))).toBe(false);

    // The 1st of the month or any Sunday (0 and 7 both mean Sunday); 2026-02-01 and 2026-01-18 are Sundays.
    const days = parseCron('0 6 1 * 7');
    expect(days.matches(at('2026-01-18T06:00:00Z'))).toBe(true);
    expect(days.matches(at('2026-03-01T06:00:00Z'))).toBe(true);
    expect(days.matches(at('2026-01-19T06:00:00Z'))).toBe(false);

    expect(parseCron('0 0 * 1,6 1-5').matches(at('2026-06-01T00:00:00Z'))).toBe(true);
  });

  it('refuses what it cannot read', () => {
    for (const bad of ['* * * *', '60 * * * *', '* 24 * * *', '* * 0 * *', '*/0 * * * *', '5-1 * * * *', 'x * * * *', '@hourly']) {
      expect(() => parseCron(bad), bad).toThrow(/Invalid cron expression/);
    }
  });
});
