import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, promoTiles, sites } from '../../db/schema';
import { createAccountsTestApp, createSite, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { moderationKit } from '../moderation/test/moderation-test-kit';

let t: AccountsTestApp;
let kit: ReturnType<typeof moderationKit>;
let admin: Awaited<ReturnType<ReturnType<typeof moderationKit>['staff']>>;
let resellSiteId: number;
beforeAll(async () => {
  t = await createAccountsTestApp();
  kit = moderationKit(t);
  admin = await kit.staff('admin');
  await createSite(t, 'resell.localhost', { memberResell: true, countries: ['NL', 'BE', 'DE'] });
  resellSiteId = (await t.database.db.select().from(sites).where(eq(sites.domain, 'resell.localhost')))[0]!.id;
});
afterAll(() => t.close());

const db = () => t.database.db;
const asAdmin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, cookies: admin.cookies, ...(payload ? { payload } : {}) });
const tile = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  target_url: 'https://cams.example/landing?aff=7',
  image_url: 'https://cdn.cams.example/tile.jpg',
  countries: [],
  ...overrides,
});
const publicTiles = async (domain: string, acceptLanguage = 'en-GB') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/promo-tiles.php?domain=${domain}`,
    headers: { 'accept-language': acceptLanguage },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().tiles as { kind: string; url: string; image_url: string }[];
};

describe('promo tiles in the back office', () => {
  it('answers both tiles off by default (no row is off), with the setting and countries that bound them', async () => {
    const response = await asAdmin('GET', '/admin/api/sites/1/promo-tiles');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      site_id: 1,
      member_resell: false,
      countries: ['GB', 'IE', 'US', 'CA', 'AU', 'NZ', 'PL'],
      tiles: [
        { kind: 'live_cam', enabled: false, target_url: '', image_url: '', countries: [], updated_at: null },
        { kind: 'member_resell', enabled: false, target_url: '', image_url: '', countries: [], updated_at: null },
      ],
    });
    expect(await publicTiles('localhost')).toEqual([]);
    expect((await asAdmin('GET', '/admin/api/sites/999999/promo-tiles')).statusCode).toBe(404);
  });

  it('saves a tile, in the audit log, and shows it to visitors with the partner’s tracking', async () => {
    const saved = await asAdmin('PUT', '/admin/api/sites/1/promo-tiles/live_cam', tile({ countries: ['gb', 'US', 'GB'] }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      kind: 'live_cam',
      enabled: true,
      countries: ['GB', 'US'],
      target_url: 'https://cams.example/landing?aff=7',
    });
    const [row] = await db().select().from(promoTiles).where(eq(promoTiles.siteId, 1));
    expect(row).toMatchObject({ kind: 'live_cam', enabled: true, countries: ['GB', 'US'] });
    const audit = await db().select().from(auditLog).where(eq(auditLog.itemId, '1:live_cam'));
    expect(audit).toEqual([expect.objectContaining({ staffId: admin.id, action: 'promo_tile.update', itemType: 'promo_tile', siteId: 1 })]);
    expect(audit[0]!.before).toMatchObject({ enabled: false });
    expect(audit[0]!.after).toMatchObject({ enabled: true, countries: ['GB', 'US'] });

    const tiles = await publicTiles('localhost', 'en-GB');
    expect(tiles).toHaveLength(1);
    const url = new URL(tiles[0]!.url);
    expect(url.origin + url.pathname).toBe('https://cams.example/landing');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      aff: '7',
      utm_source: 'localhost',
      utm_medium: 'promo_tile',
      utm_campaign: 'live_cam',
    });
    expect(tiles[0]!.image_url).toBe('https://cdn.cams.example/tile.jpg');
  });

  it('shows a tile only in its countries (none named: everywhere) and only while enabled', async () => {
    await asAdmin('PUT', '/admin/api/sites/1/promo-tiles/live_cam', tile({ countries: ['US'] }));
    expect(await publicTiles('localhost', 'en-GB')).toEqual([]);
    expect(await publicTiles('localhost', 'en-US')).toHaveLength(1);
    await asAdmin('PUT', '/admin/api/sites/1/promo-tiles/live_cam', tile({ countries: [] }));
    expect(await publicTiles('localhost', 'pl')).toHaveLength(1);
    // Off keeps its addresses for later, and shows nowhere.
    const off = await asAdmin('PUT', '/admin/api/sites/1/promo-tiles/live_cam', tile({ enabled: false }));
    expect(off.json()).toMatchObject({ enabled: false, target_url: 'https://cams.example/landing?aff=7' });
    expect(await publicTiles('localhost', 'en-US')).toEqual([]);
    // Another site's tiles are its own.
    await asAdmin('PUT', '/admin/api/sites/1/promo-tiles/live_cam', tile());
    expect(await publicTiles('resell.localhost', 'nl')).toEqual([]);
  });

  it('refuses what is wrong with a clear error, and saves nothing', async () => {
    const cases: [string, Record<string, unknown>, string, string | undefined][] = [
      ['live_cam', { target_url: 'http://cams.example/' }, 'url_not_https', 'target_url'],
      ['live_cam', { image_url: 'javascript:alert(1)' }, 'url_not_https', 'image_url'],
      ['live_cam', { target_url: 'https://user:pw@cams.example/' }, 'url_not_https', 'target_url'],
      ['live_cam', { target_url: '' }, 'url_required', 'target_url'],
      ['live_cam', { countries: ['DE'] }, 'country_not_served', 'countries'],
      ['live_cam', { countries: ['XYZ'] }, 'country_not_served', 'countries'],
      ['member_resell', {}, 'member_resell_off', 'enabled'],
      ['banner', {}, 'invalid_request', undefined],
    ];
    const before = await db().select().from(promoTiles).where(eq(promoTiles.siteId, 1));
    for (const [kind, body, code, field] of cases) {
      const response = await asAdmin('PUT', `/admin/api/sites/1/promo-tiles/${kind}`, tile(body));
      expect(response.statusCode, `${kind} ${JSON.stringify(body)}`).toBe(400);
      expect(errorOf(response)).toMatchObject({ code, ...(field ? { field } : {}) });
    }
    expect(
      errorOf(await asAdmin('PUT', '/admin/api/sites/1/promo-tiles/live_cam', tile({ target_url: 'http://x.example/' }))).message,
    ).toMatch(/https/);
    expect(await db().select().from(promoTiles).where(eq(promoTiles.siteId, 1))).toEqual(before);
    // Off, a tile may be saved without addresses (a draft).
    expect(
      (await asAdmin('PUT', '/admin/api/sites/1/promo-tiles/member_resell', tile({ enabled: false, target_url: '', image_url: '' })))
        .statusCode,
    ).toBe(200);
  });

  it('lets the member-resell tile on only while the site’s member_resell setting is, and hides it when the setting goes off', async () => {
    const saved = await asAdmin(
      'PUT',
      `/admin/api/sites/${resellSiteId}/promo-tiles/member_resell`,
      tile({ target_url: 'https://resell.example/', countries: ['NL'] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await publicTiles('resell.localhost', 'nl')).map((x) => x.kind)).toEqual(['member_resell']);
    expect(await publicTiles('resell.localhost', 'de')).toEqual([]);
    await db().update(sites).set({ memberResell: false }).where(eq(sites.id, resellSiteId));
    await t.app.sites.changed();
    expect(await publicTiles('resell.localhost', 'nl')).toEqual([]);
  });

  it('is for staff who edit sites only', async () => {
    const marketing = await kit.staff('marketing');
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/sites/1/promo-tiles', cookies: marketing.cookies })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/admin/api/sites/1/promo-tiles/live_cam', cookies: marketing.cookies, payload: tile() }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/sites/1/promo-tiles' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/admin/api/sites/1/promo-tiles/live_cam', payload: tile() })).statusCode).toBe(401);
  });
});
