/**
 * The demo sites' prices (issue 29): the demo member's site sells in pounds to the UK, in zloty to
 * Poland and in dollars to the US beside its euros, and the seed stays idempotent.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payerCurrency, packagesIn } from '@cupido/shared/rules/prices';
import { ZPriceLists } from '@cupido/shared/contracts/site-settings';
import type { DatabaseHandle } from '../db/open';
import { sites } from '../db/schema';
import { createTestDatabase } from '../test/test-database';
import { priceSettingsOf } from '../features/sites/price-settings';
import { DEMO_MEMBER_HOMES } from './demo-places';
import { seedDemoSites } from './demo-sites';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

const siteOf = async (domain: string) => (await database.db.select().from(sites).where(eq(sites.domain, domain)))[0]!;

describe('seedDemoSites: price lists', () => {
  it("gives the demo member's site a GBP list for her country, PLN for Poland and USD for the US; the Dutch site sells in euros only", async () => {
    await seedDemoSites(database.db);
    const cupido = await siteOf('localhost');
    expect(ZPriceLists.parse(cupido.priceLists)).toEqual({
      GBP: { p0: 899, p1: 1699, p2: 3499, p3: 7999 },
      PLN: { p0: 4299, p1: 8499, p2: 16999, p3: 37999 },
      USD: { p0: 1099, p1: 2199, p2: 4499, p3: 9999 },
    });
    expect(cupido.currency).toBe('EUR');
    expect(cupido.countries).toEqual(expect.arrayContaining(['GB', 'PL', 'US', 'IE']));
    const prices = priceSettingsOf(cupido);
    // The demo member pays from her home country (the United Kingdom) in pounds.
    expect(payerCurrency(prices, DEMO_MEMBER_HOMES[0]!.country)).toBe('GBP');
    expect(payerCurrency(prices, 'PL')).toBe('PLN');
    expect(payerCurrency(prices, 'IE')).toBe('EUR');
    expect(packagesIn(prices, 'GBP').map((p) => p.amount)).toEqual([899, 1699, 3499, 7999]);
    expect((await siteOf('nl.localhost')).priceLists).toEqual({});
  });

  it('changes nothing on a second run, fills the lists once on a demo database from before them, and keeps a list staff set', async () => {
    const before = await database.db.select().from(sites).orderBy(sites.id);
    await seedDemoSites(database.db);
    expect(await database.db.select().from(sites).orderBy(sites.id)).toEqual(before);

    // As migration 0016 leaves an older demo database: no lists.
    await database.db.update(sites).set({ priceLists: {} }).where(eq(sites.domain, 'localhost'));
    await seedDemoSites(database.db);
    expect(Object.keys((await siteOf('localhost')).priceLists)).toEqual(['GBP', 'PLN', 'USD']);

    const staffList = { GBP: { p0: 999, p1: 1899, p2: 3799, p3: 8499 } };
    await database.db.update(sites).set({ priceLists: staffList }).where(eq(sites.domain, 'localhost'));
    await seedDemoSites(database.db);
    expect((await siteOf('localhost')).priceLists).toEqual(staffList);
  });

  it("is held by the database too: no list for the site's own currency, no unknown currency", async () => {
    const own = database.db
      .update(sites)
      .set({ priceLists: { EUR: { p0: 1, p1: 2, p2: 3, p3: 4 } } })
      .where(eq(sites.domain, 'nl.localhost'));
    await expect(own).rejects.toThrow();
    const unknown = database.db
      .update(sites)
      .set({ priceLists: { SEK: { p0: 1, p1: 2, p2: 3, p3: 4 } } as never })
      .where(eq(sites.domain, 'nl.localhost'));
    await expect(unknown).rejects.toThrow();
    await expect(database.db.update(sites).set({ currency: 'SEK' }).where(eq(sites.domain, 'nl.localhost'))).rejects.toThrow();
  });
});
