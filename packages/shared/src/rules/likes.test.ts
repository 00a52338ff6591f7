import { describe, expect, it } from 'vitest';
import {
  FREE_DAILY_LIKES,
  formatCountdown,
  isKnownTimeZone,
  isLikeLimitReached,
  likeStateOf,
  likesLeftToday,
  localDayOf,
  nextLocalMidnight,
} from './likes';

describe('likeStateOf', () => {
  it('derives the four states from the two directions', () => {
    expect(likeStateOf(false, false)).toBe('none');
    expect(likeStateOf(true, false)).toBe('liked');
    expect(likeStateOf(false, true)).toBe('liked_you');
    expect(likeStateOf(true, true)).toBe('match');
  });
});

describe('the daily limit', () => {
  it('free members have 4 a day; the fifth is refused', () => {
    expect(FREE_DAILY_LIKES).toBe(4);
    expect([0, 1, 2, 3, 4, 5].map((given) => likesLeftToday(given, false))).toEqual([4, 3, 2, 1, 0, 0]);
    expect(isLikeLimitReached(3, false)).toBe(false);
    expect(isLikeLimitReached(4, false)).toBe(true);
  });

  it('premium members are unlimited', () => {
    expect(likesLeftToday(1000, true)).toBeNull();
    expect(isLikeLimitReached(1000, true)).toBe(false);
  });
});

describe('the local day', () => {
  it("is the calendar day of the member's zone, not of UTC", () => {
    // 23:30 UTC on 23 November is already 24 November in Amsterdam (UTC+1) but not in New York.
    const now = new Date('2026-11-23T23:30:00Z');
    expect(localDayOf(now, 'Europe/Amsterdam')).toEqual({ start: new Date('2026-11-23T23:00:00Z'), end: new Date('2026-11-24T23:00:00Z') });
    expect(localDayOf(now, 'America/New_York')).toEqual({ start: new Date('2026-11-23T05:00:00Z'), end: new Date('2026-11-24T05:00:00Z') });
    expect(nextLocalMidnight(now, 'UTC')).toEqual(new Date('2026-11-24T00:00:00Z'));
  });

  it('has 23 or 25 hours on the days the clocks change', () => {
    const spring = localDayOf(new Date('2026-03-29T12:00:00Z'), 'Europe/Warsaw');
    expect(spring).toEqual({ start: new Date('2026-03-28T23:00:00Z'), end: new Date('2026-03-29T22:00:00Z') });
    const autumn = localDayOf(new Date('2026-10-25T12:00:00Z'), 'Europe/Warsaw');
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3600_000);
  });

  it('starts at the jump where the clocks skip midnight', () => {
    // Santiago moves from 00:00 to 01:00 on the first Sunday of September 2026.
    const day = localDayOf(new Date('2026-09-06T12:00:00Z'), 'America/Santiago');
    expect(day.start).toEqual(new Date('2026-09-06T04:00:00Z'));
  });

  it('answers each instant with its own day, whatever was asked before (the bounds are remembered per zone)', () => {
    const zone = 'Europe/Lisbon';
    const asked = [
      '2026-11-23T23:59:59Z',
      '2026-11-24T00:00:00Z',
      '2026-11-23T00:00:00Z',
      '2026-11-23T12:00:00Z',
      '2026-11-22T23:59:59.999Z',
      '2026-11-24T00:00:00.001Z',
    ];
    for (const at of [...asked, ...asked.reverse()]) {
      const day = localDayOf(new Date(at), zone);
      // Lisbon is on UTC in November: the day is the UTC calendar day.
      const start = new Date(`${at.slice(0, 10)}T00:00:00Z`);
      expect(day, at).toEqual({ start, end: new Date(start.getTime() + 86_400_000) });
    }
    // A caller changing its answer changes nobody else's.
    localDayOf(new Date('2026-11-23T12:00:00Z'), zone).end.setTime(0);
    expect(localDayOf(new Date('2026-11-23T12:00:00Z'), zone).end).toEqual(new Date('2026-11-24T00:00:00Z'));
  });

  it('knows real zones only', () => {
    expect(isKnownTimeZone('Europe/Amsterdam')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
    expect(isKnownTimeZone('Europe/Amsterdam')).toBe(true);
  });
});

describe('formatCountdown', () => {
  it('shows hours:minutes:seconds, rounding up and never negative', () => {
    expect(formatCountdown(7 * 3600_000 + 4 * 60_000 + 8_500)).toBe('07:04:09');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5)).toBe('00:00:00');
    expect(formatCountdown(24 * 3600_000)).toBe('24:00:00');
  });
});
