import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAGE_VISIT_COOKIE, PAGE_VISITS_PER_IP_PER_HOUR } from '@cupido/shared/contracts/traffic';
import { pageVisits } from '../../db/schema';
import { createAccountsTestApp, nextIp, type AccountsTestApp } from '../../test/accounts-kit';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const visit = (body: Record<string, unknown>, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/page-visit.php', payload: body, remoteAddress: ip });
const hidden = (cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/page-hidden.php',
    payload: {},
    headers: cookie ? { cookie: `${PAGE_VISIT_COOKIE}=${cookie}` } : {},
  });
const tokenOf = (response: Awaited<ReturnType<typeof visit>>) => response.cookies.find((c) => c.name === PAGE_VISIT_COOKIE);
const rowOf = async (token: string) => (await db().select().from(pageVisits).where(eq(pageVisits.token, token)))[0];

describe('bounce logging', () => {
  it('logs the visit, with its cookie only for page-hidden.php, and records when the page was hidden', async () => {
    const response = await visit({ path: '/landers/tinderswipe' });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = tokenOf(response)!;
    expect(cookie).toMatchObject({ path: '/api', httpOnly: true, sameSite: 'Lax' });
    expect(await rowOf(cookie.value)).toMatchObject({
      siteId: 1,
      path: '/landers/tinderswipe',
      network: null,
      sub1: null,
      startedAt: t.clock(),
      hiddenAt: null,
    });

    t.clock.advance(8_000);
    const left = await hidden(cookie.value);
    expect(left.statusCode).toBe(204);
    expect(left.body).toBe('');
    expect((await rowOf(cookie.value))!.hiddenAt).toEqual(t.clock());
  });

  it('keeps the traffic source the page sent (with consent), cleaned; none when it sent none', async () => {
    const withSource = tokenOf(
      await visit({
        path: '/landers/video/beach',
        tracking: { network: 'n1', sub: 's1', sub2: 'x'.repeat(300), sub3: 'a\u0000b', email: 'a@b.nl' },
      }),
    )!;
    expect(await rowOf(withSource.value)).toMatchObject({ network: 'n1', sub1: 's1', sub2: 'x'.repeat(200), sub3: null });
    const without = tokenOf(await visit({ path: '/landers/video/beach' }))!;
    expect(await rowOf(without.value)).toMatchObject({ network: null, ref: null, sub1: null, sub2: null, sub3: null });
  });

  it('ignores a page-hidden beacon without a logged visit, or with a token of none', async () => {
    const before = await db().$count(pageVisits);
    expect((await hidden()).statusCode).toBe(204);
    expect((await hidden('no-such-visit')).statusCode).toBe(204);
    expect((await hidden('x'.repeat(500))).statusCode).toBe(204);
    expect(await db().$count(pageVisits)).toBe(before);
  });

  it('refuses a path that is not one, and cuts a long one', async () => {
    for (const path of ['landers/x', 'https://elsewhere.example/', '/a\nb', '']) expect((await visit({ path })).statusCode, path).toBe(400);
    const long = tokenOf(await visit({ path: `/landers/${'p'.repeat(500)}` }))!;
    expect((await rowOf(long.value))!.path).toHaveLength(200);
  });

  it(`takes ${PAGE_VISITS_PER_IP_PER_HOUR} visits an hour from one address`, async () => {
    const ip = nextIp();
    const answers = [];
    for (let i = 0; i < PAGE_VISITS_PER_IP_PER_HOUR + 2; i++) answers.push((await visit({ path: '/landers/adultonly' }, ip)).statusCode);
    expect(answers.filter((status) => status === 200)).toHaveLength(PAGE_VISITS_PER_IP_PER_HOUR);
    expect(answers.slice(-2)).toEqual([429, 429]);
  });
});
