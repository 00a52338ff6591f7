import { describe, expect, it } from 'vitest';
import {
  BACK_OFFICE_FIRST_YEAR,
  BACK_OFFICE_LAST_YEAR,
  isBackOfficeDateTime,
  isBackOfficeDay,
  zBackOfficeDay,
  zBackOfficeTime,
} from './back-office-dates';

describe('back-office dates (issue 27)', () => {
  it('takes real days of the allowed years only', () => {
    for (const day of [`${BACK_OFFICE_FIRST_YEAR}-01-01`, `${BACK_OFFICE_LAST_YEAR}-12-31`, '2028-02-29', '2000-02-29', '2026-04-30'])
      expect(isBackOfficeDay(day), day).toBe(true);
    for (const day of [
      '0000-01-01',
      '9999-12-31',
      '1999-12-31',
      '3000-01-01',
      '2026-02-29',
      '2100-02-29',
      '2026-04-31',
      '2026-00-10',
      '2026-13-01',
      '2026-01-00',
      '+010000-01-01',
      '2026-1-1',
      ' 2026-01-01',
      '2026-01-01T00:00:00Z',
      '',
    ])
      expect(isBackOfficeDay(day), day).toBe(false);
  });

  it('takes date-times with Z or an offset on such days, with a real time of day', () => {
    for (const time of ['2026-03-01T10:00:00Z', '2026-03-01T23:59:59.999999+14:00', `${BACK_OFFICE_LAST_YEAR}-12-31T23:59:59-05:00`])
      expect(isBackOfficeDateTime(time), time).toBe(true);
    for (const time of [
      '9999-12-31T23:59:59Z',
      '0000-01-01T00:00:00Z',
      '2026-02-30T10:00:00Z',
      '2026-03-01T24:00:00Z',
      '2026-03-01T10:60:00Z',
      '2026-03-01T10:00:60Z',
      '2026-03-01T10:00:00',
      '2026-03-01T10:00Z',
      '2026-03-01T10:00:00+24:00',
      '2026-03-01',
    ])
      expect(isBackOfficeDateTime(time), time).toBe(false);
  });

  it('refuses with the invalid_date issue the error plugin turns into its own message', () => {
    const refused = zBackOfficeDay().safeParse('9999-12-31');
    expect(refused.error?.issues[0]).toMatchObject({ code: 'custom', params: { code: 'invalid_date' } });
    expect(zBackOfficeTime().safeParse('2026-03-01').success).toBe(true);
    expect(zBackOfficeTime().safeParse('2026-03-01T10:00:00+02:00').success).toBe(true);
    expect(zBackOfficeTime().safeParse('0000-01-01T00:00:00Z').error?.issues[0]).toMatchObject({ params: { code: 'invalid_date' } });
  });
});
