/**
 * The traffic figures (issue 31, decision 054) on PGlite and PostgreSQL: signups, activations and
 * purchases counted per landing page, network and sub1 from the events their features publish
 * (real signups and activations through the API; payments as payments publishes them), visits and
 * bounces from bounce logging, parallel facts losing no count, the query's filters and groups, the
 * CSV export's escaping, and who may read them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAGE_VISIT_COOKIE } from '@cupido/shared/contracts/traffic';
import { ZTrafficAnswer, type TTrafficAnswer, type TTrafficRow } from '@cupido/shared/contracts/traffic-figures';
import { trafficDaily, trafficMembers } from '../../db/schema';
import type { DomainEvent } from '../../infra/domain-events';
import { activeMember, createAccountsTestApp, nextIp, signup, type AccountsTestApp } from '../../test/accounts-kit';
import { staffGet, staffMember } from '../audit/test/audit-test-kit';
import { createStaffSession, STAFF_SESSION_COOKIE } from '../staff/sessions';
import { parseCsv } from '../../test/parse-csv';

const DAY = new Date('2026-04-14T10:00:00Z');
const PERIOD = 'from=2026-04-14&to=2026-04-14';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp(DAY);
});
afterAll(() => t.close());

/** A fresh staff session at the test clock's time (sessions end after 30 idle minutes of it). */
async function figures(query: string): Promise<TTrafficAnswer> {
  const staff = await staffMember(t, 'moderator', t.clock());
  const response = await staffGet(t, staff, `/admin/api/traffic?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ZTrafficAnswer.parse(response.json());
}

const rowOf = (answer: TTrafficAnswer, key: string): TTrafficRow | undefined => answer.rows.find((r) => r.key === key);
const publish = (event: DomainEvent) => t.app.events.transaction(t.database.db, (tx) => t.app.events.publish(tx, event));
const paid = (userId: number, amountMinor: number, currency = 'EUR', paymentId = Math.floor(Math.random() * 1e9)) =>
  publish({ type: 'payment.completed', userId, paymentId, amountMinor, currency });
const tracked = (network: string, sub1: string, landing = '/landers/tinderswipe') => ({
  consent_ad_tracking: true,
  tracking: { network, sub1 },
  landing_page: landing,
});

describe('traffic figures from the facts', () => {
  it('counts a signup with tracking for its lander, network and sub; without the consent under none', async () => {
    await signup(t, tracked('net-signup', 's1'));
    await signup(t, { tracking: { network: 'net-signup', sub1: 's1' }, landing_page: '/landers/tinderswipe' });
    const byNetwork = await figures(`${PERIOD}&group_by=network&landing_page=/landers/tinderswipe`);
    expect(rowOf(byNetwork, 'net-signup')).toMatchObject({ signups: 1, activations: 0, buyers: 0, revenue: [] });
    const one = await figures(`${PERIOD}&group_by=sub1&network=net-signup`);
    expect(one.rows).toEqual([expect.objectContaining({ key: 's1', signups: 1 })]);
    const [row] = await t.database.db.select().from(trafficDaily).where(eq(trafficDaily.network, 'net-signup'));
    expect(row).toMatchObject({ siteId: 1, day: '2026-04-14', landingPage: '/landers/tinderswipe', sub1: 's1', signups: 1 });
  });

  it('counts an activation once for the signup source, however often it is published', async () => {
    const member = await activeMember(t, tracked('net-activate', 's2', '/landers/video'));
    const userId = member.user.id as number;
    await publish({ type: 'account.activated', userId, siteId: 1, profileId: null, signupProfileId: null, signupMessage: null });
    const answer = await figures(`${PERIOD}&group_by=landing_page&network=net-activate`);
    expect(answer.rows).toEqual([expect.objectContaining({ key: '/landers/video', signups: 1, activations: 1 })]);
  });

  it('counts a member with two payments as one buyer and sums the revenue per currency', async () => {
    const member = await signup(t, tracked('net-buy', 's3'));
    const userId = member.user.id as number;
    await paid(userId, 1495);
    await paid(userId, 2995);
    await paid(userId, 999, 'GBP');
    const answer = await figures(`${PERIOD}&group_by=network&network=net-buy`);
    expect(answer.rows).toEqual([
      expect.objectContaining({
        key: 'net-buy',
        signups: 1,
        buyers: 1,
        revenue: [
          { currency: 'EUR', amount_minor: 4490, payments: 2 },
          { currency: 'GBP', amount_minor: 999, payments: 1 },
        ],
      }),
    ]);
    expect(answer.totals.revenue).toEqual(answer.rows[0]!.revenue);
  });

  it('loses no count when facts arrive at the same time', async () => {
    const base = 800_000 + Math.floor(Math.random() * 100_000);
    const signed = Array.from({ length: 12 }, (_, i) =>
      publish({
        type: 'account.signed_up',
        userId: base + i,
        siteId: 1,
        profileId: base + i,
        tracking: { network: 'net-race', sub1: 'r' },
        landingPage: '/landers/gallery',
        at: t.clock(),
      }),
    );
    await Promise.all(signed);
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) =>
        publish({ type: 'account.activated', userId: base + i, siteId: 1, profileId: null, signupProfileId: null, signupMessage: null }),
      ),
      ...Array.from({ length: 8 }, () => paid(base, 500)),
      ...Array.from({ length: 4 }, (_, i) => paid(base + 1 + i, 100)),
    ]);
    const answer = await figures(`${PERIOD}&group_by=network&network=net-race`);
    expect(answer.rows).toEqual([
      expect.objectContaining({
        signups: 12,
        activations: 12,
        buyers: 5,
        revenue: [{ currency: 'EUR', amount_minor: 4400, payments: 12 }],
      }),
    ]);
  });

  it('counts visits from bounce logging and a visit left within 10 seconds as a bounce, until it is left later', async () => {
    const visit = async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/page-visit.php',
        payload: { path: '/landers/maplanding', tracking: { network: 'net-visit', sub1: 'v' } },
        remoteAddress: nextIp(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.cookies.find((c) => c.name === PAGE_VISIT_COOKIE)!.value;
    };
    const hidden = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/page-hidden.php', payload: {}, headers: { cookie: `${PAGE_VISIT_COOKIE}=${token}` } });
    const start = t.clock();
    const [quick, stayed, cameBack] = [await visit(), await visit(), await visit()];
    await visit(); // never hidden: no bounce
    t.clock.set(new Date(start.getTime() + 3_000));
    await hidden(quick);
    await hidden(cameBack);
    let answer = await figures(`${PERIOD}&group_by=network&network=net-visit`);
    expect(answer.rows[0]).toMatchObject({ visits: 4, bounces: 2 });
    t.clock.set(new Date(start.getTime() + 30_000));
    await hidden(stayed);
    await hidden(cameBack);
    // No such visit: the first character changed to one it is not (a token may start with 'x').
    await hidden(`${quick.startsWith('x') ? 'y' : 'x'}${quick.slice(1)}`);
    answer = await figures(`${PERIOD}&group_by=network&network=net-visit`);
    expect(answer.rows[0]).toMatchObject({ key: 'net-visit', visits: 4, bounces: 1 });
    t.clock.set(start);
  });

  it('moves a visit logged before the consent, and its bounce, to the source the visitor then allowed, once', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/page-visit.php',
      payload: { path: '/landers/video' },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const token = response.cookies.find((c) => c.name === PAGE_VISIT_COOKIE)!.value;
    const cookie = { cookie: `${PAGE_VISIT_COOKIE}=${token}` };
    await t.app.inject({ method: 'POST', url: '/api/page-hidden.php', payload: {}, headers: cookie }); // left at once: a bounce
    const before = await figures(`${PERIOD}&group_by=network&landing_page=/landers/video`);
    expect(rowOf(before, '')).toMatchObject({ visits: 1, bounces: 1 });

    const source = (tracking: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/page-source.php', payload: { tracking }, headers: cookie });
    expect((await source({ network: 'net-late', sub1: 'late', email: 'x@y.nl' })).statusCode).toBe(204);
    expect((await source({ network: 'net-other', sub1: 'other' })).statusCode).toBe(204); // the first source stays
    const after = await figures(`${PERIOD}&group_by=network&landing_page=/landers/video`);
    expect(rowOf(after, '')).toMatchObject({ visits: 0, bounces: 0 });
    expect(rowOf(after, 'net-late')).toMatchObject({ visits: 1, bounces: 1 });
    expect(rowOf(after, 'net-other')).toBeUndefined();
    // Without a logged visit nothing happens.
    const stray = await t.app.inject({ method: 'POST', url: '/api/page-source.php', payload: { tracking: { network: 'net-stray' } } });
    expect(stray.statusCode).toBe(204);
    expect(rowOf(await figures(`${PERIOD}&group_by=network&network=net-stray`), 'net-stray')).toBeUndefined();
  });

  it("forgets an erased member's source and keeps the figures", async () => {
    const member = await signup(t, tracked('net-erase', 's4'));
    const userId = member.user.id as number;
    await publish({ type: 'account.erased', userId, profileId: null });
    expect(await t.database.db.select().from(trafficMembers).where(eq(trafficMembers.userId, userId))).toEqual([]);
    await paid(userId, 700);
    const answer = await figures(`${PERIOD}&group_by=network&network=net-erase`);
    expect(answer.rows).toEqual([expect.objectContaining({ signups: 1, buyers: 0, revenue: [] })]);
  });
});

describe('the figures query', () => {
  beforeAll(async () => {
    // Two days on a second site's counters, as the facts would have left them.
    await t.database.db.insert(trafficDaily).values([
      {
        siteId: 1,
        day: '2026-03-01',
        landingPage: '/landers/adultonly',
        network: 'net-q',
        sub1: 'a',
        visits: 10,
        bounces: 4,
        signups: 3,
        activations: 2,
        buyers: 1,
      },
      {
        siteId: 1,
        day: '2026-03-02',
        landingPage: '/landers/adultonly',
        network: 'net-q',
        sub1: 'b',
        visits: 5,
        bounces: 1,
        signups: 1,
        activations: 1,
        buyers: 0,
      },
      {
        siteId: 1,
        day: '2026-03-02',
        landingPage: '/landers/video',
        network: 'net-q',
        sub1: 'a',
        visits: 7,
        bounces: 0,
        signups: 2,
        activations: 0,
        buyers: 0,
      },
    ]);
  });

  it('groups by day with a series per day, by sub1 biggest first, and filters by landing page', async () => {
    const byDay = await figures('from=2026-02-28&to=2026-03-03&network=net-q');
    expect(byDay.group_by).toBe('day');
    expect(byDay.days).toEqual(['2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03']);
    expect(byDay.series.visits).toEqual([0, 10, 12, 0]);
    expect(byDay.series.signups).toEqual([0, 3, 3, 0]);
    expect(byDay.rows.map((r) => r.key)).toEqual(['2026-03-01', '2026-03-02']);
    expect(byDay.totals).toMatchObject({ visits: 22, bounces: 5, signups: 6, activations: 3, buyers: 1 });

    const bySub = await figures('from=2026-03-01&to=2026-03-02&network=net-q&group_by=sub1');
    expect(bySub.rows.map((r) => [r.key, r.signups, r.visits])).toEqual([
      ['a', 5, 17],
      ['b', 1, 5],
    ]);
    expect(bySub.series.visits).toEqual([10, 12]);

    const lander = await figures('from=2026-03-01&to=2026-03-02&network=net-q&group_by=sub1&landing_page=/landers/video');
    expect(lander.rows).toEqual([expect.objectContaining({ key: 'a', visits: 7, signups: 2 })]);
  });

  it('groups by site with its name and filters by site', async () => {
    const bySite = await figures('from=2026-03-01&to=2026-03-02&group_by=site');
    expect(bySite.rows).toEqual([expect.objectContaining({ key: '1', label: bySite.sites.find((s) => s.id === 1)!.name, visits: 22 })]);
    const one = await figures('site_id=1&from=2026-03-01&to=2026-03-02&group_by=network');
    expect(one.site_id).toBe(1);
    expect(rowOf(one, 'net-q')).toMatchObject({ visits: 22 });
  });

  it('refuses a reversed, too long or malformed period with a translated 400, and an unknown site with 404', async () => {
    const staff = await staffMember(t, 'moderator', t.clock());
    const reversed = await staffGet(t, staff, '/admin/api/traffic?from=2026-03-02&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error).toMatchObject({ code: 'period_reversed', message: 'The period ends before it starts.' });
    const long = await staffGet(t, staff, '/admin/api/traffic.csv?from=2025-01-01&to=2026-03-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ code: 'period_too_long', message: 'Choose a period of at most 366 days.' });
    for (const query of ['from=2026-02-30', 'group_by=ref', 'site_id=abc'])
      expect((await staffGet(t, staff, `/admin/api/traffic?${query}`)).statusCode, query).toBe(400);
    const unknown = await staffGet(t, staff, '/admin/api/traffic?site_id=99999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('This site does not exist.');
  });
});

describe('CSV export', () => {
  it('quotes per RFC 4180 and defuses values a spreadsheet would run as formulas', async () => {
    await t.database.db.insert(trafficDaily).values([
      {
        siteId: 1,
        day: '2026-01-10',
        landingPage: '/landers/video',
        network: 'net-csv',
        sub1: '=HYPERLINK("http://evil.example","x")',
        visits: 3,
      },
      { siteId: 1, day: '2026-01-10', landingPage: '/landers/video', network: 'net-csv', sub1: 'a,"b"', visits: 2, signups: 1 },
      { siteId: 1, day: '2026-01-10', landingPage: '/landers/video', network: 'net-csv', sub1: '@cmd', visits: 1 },
      { siteId: 1, day: '2026-01-10', landingPage: '/landers/video', network: 'net-csv', sub1: '+1', visits: 1 },
    ]);
    const staff = await staffMember(t, 'moderator', t.clock());
    const response = await staffGet(t, staff, '/admin/api/traffic.csv?from=2026-01-10&to=2026-01-10&network=net-csv&group_by=sub1');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="traffic-sub1-2026-01-10-2026-01-10.csv"');
    expect(response.body).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual(['sub1', 'visits', 'bounces', 'signups', 'activations', 'buyers']);
    expect(rows.slice(1)).toEqual([
      ['a,"b"', '2', '0', '1', '0', '0'],
      ['\'=HYPERLINK("http://evil.example","x")', '3', '0', '0', '0', '0'],
      ["'+1", '1', '0', '0', '0', '0'],
      ["'@cmd", '1', '0', '0', '0', '0'],
    ]);
  });

  it('has a revenue column per currency', async () => {
    const staff = await staffMember(t, 'moderator', t.clock());
    const response = await staffGet(t, staff, `/admin/api/traffic.csv?${PERIOD}&group_by=network&network=net-buy`);
    const rows = parseCsv(response.body);
    expect(rows).toEqual([
      ['network', 'visits', 'bounces', 'signups', 'activations', 'buyers', 'revenue_minor_EUR', 'revenue_minor_GBP'],
      ['net-buy', '0', '0', '1', '0', '1', '4490', '999'],
    ]);
  });
});

describe('who may read the figures', () => {
  it('answers 401 without a staff session, 403 before the second factor, for the figures and the CSV', async () => {
    const member = await signup(t);
    for (const url of ['/admin/api/traffic', '/admin/api/traffic.csv']) {
      expect((await staffGet(t, null, url)).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: member.cookie } })).statusCode, url).toBe(401);
    }
    const staff = await staffMember(t, 'marketing', t.clock());
    const token = await createStaffSession(t.database.db, staff.id, t.clock(), false);
    for (const url of ['/admin/api/traffic', '/admin/api/traffic.csv']) {
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: `${STAFF_SESSION_COOKIE}=${token}` } })).statusCode, url).toBe(
        403,
      );
    }
    expect((await staffGet(t, staff, '/admin/api/traffic')).statusCode).toBe(200);
  });
});
