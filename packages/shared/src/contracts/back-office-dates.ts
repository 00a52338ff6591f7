import { z } from 'zod';

/**
 * The dates and times the back office filters by (issue 27): every such query parameter is one of
 * these helpers, so no route can forget the check. A day of year 0000 is none to PostgreSQL, and
 * the day after 9999-12-31 has no four-digit text ('+010000-01-01'): both failed deep inside the
 * queries (a 500, a cut CSV download, a dashboard that looped for good). Nothing the back office
 * shows is older than the platform or a millennium ahead, so these years are plenty.
 */
export const BACK_OFFICE_FIRST_YEAR = 2000;
export const BACK_OFFICE_LAST_YEAR = 2999;

/** Error code (and issue code of the schemas) of a date or time outside those years, or one no calendar has. */
export const INVALID_DATE = 'invalid_date';

const DAY = /^(\d{4})-(\d\d)-(\d\d)$/;
const DATE_TIME = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(\.\d+)?(Z|[+-](\d\d):(\d\d))$/;

function isRealDay(year: number, month: number, day: number): boolean {
  if (year < BACK_OFFICE_FIRST_YEAR || year > BACK_OFFICE_LAST_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2026-02-30 would roll over to March 2: only a real day comes back as written.
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** YYYY-MM-DD, a day of the calendar in the back office's years. */
export function isBackOfficeDay(value: string): boolean {
  const match = DAY.exec(value);
  return match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** An ISO date-time with Z or an offset (seconds required, fraction optional) on such a day. */
export function isBackOfficeDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (match === null || !isRealDay(Number(match[1]), Number(match[2]), Number(match[3]))) return false;
  const [hour, minute, second] = [Number(match[4]), Number(match[5]), Number(match[6])];
  const offsetOk = match[8] === 'Z' || (Number(match[9]) < 24 && Number(match[10]) < 60);
  return hour < 24 && minute < 60 && second < 60 && offsetOk;
}

const refusal = { error: `a real day of the years ${BACK_OFFICE_FIRST_YEAR} to ${BACK_OFFICE_LAST_YEAR}`, params: { code: INVALID_DATE } };
const YEARS = `years ${BACK_OFFICE_FIRST_YEAR} to ${BACK_OFFICE_LAST_YEAR}`;

/** A query parameter holding a UTC day (YYYY-MM-DD). */
export const zBackOfficeDay = () =>
  z
    .string()
    .refine(isBackOfficeDay, refusal)
    .meta({ format: 'date', pattern: '^\\d{4}-\\d\\d-\\d\\d$', description: `A day (YYYY-MM-DD) of the ${YEARS}` });

/** A query parameter holding a day (YYYY-MM-DD) or an ISO date-time with its offset. */
export const zBackOfficeTime = () =>
  z
    .string()
    .refine((value) => isBackOfficeDay(value) || isBackOfficeDateTime(value), refusal)
    .meta({
      anyOf: [{ format: 'date' }, { format: 'date-time' }],
      description: `A day (YYYY-MM-DD) or an ISO date-time with its offset, of the ${YEARS}`,
    });

/** A page cursor `<time>_<id>` of the shape `pattern`: its time is compared with a column, so it is a filter's time too. */
export const zBackOfficeCursor = (pattern: RegExp, error?: string) =>
  z
    .string()
    .regex(pattern, error)
    .refine((cursor) => isBackOfficeDateTime(cursor.split('_')[0]!), refusal);
