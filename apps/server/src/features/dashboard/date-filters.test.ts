/**
 * Every back-office date or time filter refuses days the database cannot hold (issue 27): years
 * 0000 and 9999 (whose next day, year 10000, no ISO text can carry) were a 500 on the lists, a cut
 * connection on the CSV and a process hung for good on the dashboard. They are a 400 invalid_date
 * now, from the one contract helper of packages/shared/src/contracts/back-office-dates.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_FIRST_YEAR, BACK_OFFICE_LAST_YEAR } from '@cupido/shared/contracts/back-office-dates';
import { createTestApp, type TestApp } from '../../test/test-app';
import { servedOpenApi } from '../../openapi/document';
import { staffGet, staffMember, type TestStaff } from '../audit/test/audit-test-kit';

let t: TestApp;
let admin: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffMember(t, 'admin');
});
afterAll(() => t.close());

/** A call that hangs fails the test instead of the run (an endless loop in a handler would block anyway). */
async function get(url: string) {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${url} did not answer within 5 s`)), 5000));
  return Promise.race([staffGet(t, admin, url), timeout]);
}

async function expectInvalidDate(url: string) {
  const response = await get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
  const { error } = response.json() as { error: { code: string; message: string } };
  expect(error.code, url).toBe('invalid_date');
  expect(error.message).toContain(`${BACK_OFFICE_FIRST_YEAR}`);
  expect(error.message).toContain(`${BACK_OFFICE_LAST_YEAR}`);
}

const DAY_ROUTES = [
  '/admin/api/dashboard',
  '/admin/api/payments',
  '/admin/api/revenue',
  '/admin/api/audit',
  '/admin/api/audit.csv',
  '/admin/api/traffic',
  '/admin/api/traffic.csv',
];
const BAD_DAYS = [
  '0000-01-01',
  '9999-12-31',
  '1999-12-31',
  '3000-01-01',
  '2026-02-30',
  '2025-02-29',
  '2026-13-01',
  '+010000-01-01',
  '2026-1-1',
];

describe('back-office date filters', () => {
  for (const route of DAY_ROUTES) {
    it(`${route} refuses days outside ${BACK_OFFICE_FIRST_YEAR}..${BACK_OFFICE_LAST_YEAR} and days no calendar has`, async () => {
      for (const day of BAD_DAYS) {
        await expectInvalidDate(`${route}?from=${encodeURIComponent(day)}`);
        await expectInvalidDate(`${route}?to=${encodeURIComponent(day)}`);
      }
      await expectInvalidDate(`${route}?from=9999-12-31&to=9999-12-31`);
    });

    it(`${route} still takes the first and last days allowed`, async () => {
      const response = await get(`${route}?from=${BACK_OFFICE_LAST_YEAR}-12-01&to=${BACK_OFFICE_LAST_YEAR}-12-31`);
      expect(response.statusCode, response.body).toBe(200);
      const first = await get(`${route}?from=${BACK_OFFICE_FIRST_YEAR}-01-01&to=${BACK_OFFICE_FIRST_YEAR}-01-31`);
      expect(first.statusCode, first.body).toBe(200);
      const leapDay = await get(`${route}?from=2028-02-29&to=2028-02-29`);
      expect(leapDay.statusCode, leapDay.body).toBe(200);
    });
  }

  it('the audit log takes date-times in the same years, and refuses others', async () => {
    for (const route of ['/admin/api/audit', '/admin/api/audit.csv']) {
      for (const time of [
        '0000-01-01T00:00:00Z',
        '9999-12-31T23:59:59Z',
        '9999-12-31T23:59:59.999-05:00',
        '2026-02-30T10:00:00Z',
        '2026-03-01T25:00:00Z',
      ]) {
        await expectInvalidDate(`${route}?from=${encodeURIComponent(time)}`);
        await expectInvalidDate(`${route}?to=${encodeURIComponent(time)}`);
      }
      const fine = await get(
        `${route}?from=${encodeURIComponent('2026-03-01T10:00:00+02:00')}&to=${encodeURIComponent('2999-12-31T23:59:59.999Z')}`,
      );
      expect(fine.statusCode, fine.body).toBe(200);
    }
  });

  it("the audit log's page cursor holds a time in the same years", async () => {
    await expectInvalidDate('/admin/api/audit?before=0000-01-01T00:00:00Z_1');
    await expectInvalidDate('/admin/api/audit?before=9999-12-31T23:59:59.999Z_1');
    await expectInvalidDate('/admin/api/audit?before=2026-02-30T00:00:00Z_1');
    const fine = await get('/admin/api/audit?before=2026-03-01T00:00:00.000Z_1');
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it("the photo queue's and the operator queue's page cursors hold a time in the same years", async () => {
    for (const route of ['/admin/api/photos/queue', '/admin/api/operator/queue']) {
      await expectInvalidDate(`${route}?after=0000-01-01T00:00:00Z_1`);
      await expectInvalidDate(`${route}?after=9999-12-31T23:59:59.999Z_1`);
      await expectInvalidDate(`${route}?after=2026-02-30T00:00:00Z_1`);
      const fine = await get(`${route}?after=2026-03-01T00:00:00.000Z_1`);
      expect(fine.statusCode, fine.body).toBe(200);
    }
  });

  it('the dashboard refuses a period longer than a year before building its days', async () => {
    const response = await get(`/admin/api/dashboard?from=${BACK_OFFICE_FIRST_YEAR}-01-01&to=${BACK_OFFICE_LAST_YEAR}-12-31`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('period_too_long');
  });

  it('every date or time query parameter of the back office is checked the same way', async () => {
    type Parameter = { in: string; name: string; schema?: { format?: string; anyOf?: { format?: string }[] } };
    const document = (await servedOpenApi(t.app)) as { paths: Record<string, { get?: { parameters?: Parameter[] } }> };
    const isTime = (p: Parameter) =>
      [p.schema?.format, ...(p.schema?.anyOf ?? []).map((s) => s.format)].some((f) => f === 'date' || f === 'date-time');
    const checked: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith('/admin/api/') || path.includes('{')) continue;
      for (const parameter of (item.get?.parameters ?? []).filter((p) => p.in === 'query' && isTime(p))) {
        await expectInvalidDate(`${path}?${parameter.name}=0000-01-01`);
        await expectInvalidDate(`${path}?${parameter.name}=9999-12-31`);
        checked.push(`${path} ${parameter.name}`);
      }
    }
    // The walk itself must find the filters, or it proves nothing.
    expect(checked).toEqual(expect.arrayContaining(DAY_ROUTES.flatMap((route) => [`${route} from`, `${route} to`])));
  });
});
