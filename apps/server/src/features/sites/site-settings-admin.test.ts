/**
 * The site editor of the back office (issue 13): every setting read and written through the shared
 * contract, refusals naming their field with nothing written, the audit entry with only what
 * changed, and a change served at once by every server process (two apps on one database and one
 * broker, as behind a load balancer; Redis when CI provides REDIS_URL).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSiteSettings } from '@cupido/shared/contracts/site-settings';
import { minimumMessageCosts } from '@cupido/shared/rules/prices';
import { priceSettingsOf } from './price-settings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sites } from '../../db/schema';
import { auditEntriesOf, errorOf, staffOfRole, type TestStaff } from '../members-desk/test/members-desk-test-kit';

const brokerChannelPrefix = `cupido-test:${randomBytes(6).toString('hex')}:`;
let first: TestApp;
let second: TestApp;
let admin: TestStaff;
let siteId: number;

beforeAll(async () => {
  first = await createTestApp({ brokerChannelPrefix });
  second = await createTestApp({ brokerChannelPrefix }, { database: first.database });
  admin = await staffOfRole(first.database.db, 'admin');
  siteId = (await first.database.db.select().from(sites).where(eq(sites.domain, 'nl.localhost')))[0]!.id;
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const patch = (payload: object, id = siteId, staff = admin) =>
  first.app.inject({ method: 'PATCH', url: `/admin/api/sites/${id}`, payload, cookies: staff.cookies });
const settingsOn = async (app: TestApp, domain = 'nl.localhost', locale = 'en') =>
  (await app.app.inject({ url: `/api/settings.php?domain=${domain}&locale=${locale}` })).json();

describe('reading sites', () => {
  it('lists the sites and answers one with every setting (valid by the shared contract) and its company', async () => {
    const list = await first.app.inject({ url: '/admin/api/sites', cookies: admin.cookies });
    expect(list.json().sites.map((s: { domain: string }) => s.domain)).toEqual(['localhost', 'nl.localhost']);
    const detail = (await first.app.inject({ url: `/admin/api/sites/${siteId}`, cookies: admin.cookies })).json();
    expect(ZSiteSettings.parse(detail.settings)).toMatchObject({
      name: 'Amora',
      domain: 'nl.localhost',
      photo_moderation: 'pre',
      minimum_age: 18,
    });
    expect(detail.company).toMatchObject({ name: 'Cupido Media B.V.', delete_discount: 50 });
    expect(detail.company_site_count).toBe(2);
    expect((await first.app.inject({ url: '/admin/api/sites/9999', cookies: admin.cookies })).statusCode).toBe(404);
  });
});

describe('editing a site', () => {
  it('is served at once by the other process (the broker drops every cached site)', async () => {
    // Both processes have the site cached (30 s) before the change.
    expect((await settingsOn(first)).fictional_icon).toBe('🎭');
    expect((await settingsOn(second)).fictional_icon).toBe('🎭');
    expect((await settingsOn(second)).index_title).toBe('Amora – dating in the Netherlands and Belgium');

    const response = await patch({
      fictional_icon: '🦄',
      index_title: { en: 'Amora – new title', nl: 'Amora – nieuwe titel' },
      message_credits: 12,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().settings).toMatchObject({ fictional_icon: '🦄', message_credits: 12 });

    // Redis delivers the message asynchronously: a short wait at most, never the cache's 30 s.
    await expect.poll(async () => (await settingsOn(second)).fictional_icon, { timeout: 2000, interval: 20 }).toBe('🦄');
    const onSecond = await settingsOn(second, 'nl.localhost', 'nl');
    expect(onSecond).toMatchObject({ message_credits: 12, index_title: 'Amora – nieuwe titel' });
    expect((await settingsOn(first)).fictional_icon).toBe('🦄');
  });

  it('records one audit entry with only the changed fields before and after; an unchanged value records nothing', async () => {
    const before = (await auditEntriesOf(first.database.db, 'site', siteId)).length;
    expect((await patch({ chat_history_days: 90, signup_credits: 20 })).statusCode).toBe(200);
    const entries = await auditEntriesOf(first.database.db, 'site', siteId);
    expect(entries).toHaveLength(before + 1);
    // signup_credits was already 20: not part of the change.
    expect(entries.at(-1)).toMatchObject({
      action: 'site.update',
      staffId: admin.id,
      siteId,
      before: { chat_history_days: 180 },
      after: { chat_history_days: 90 },
    });
    expect((await patch({ chat_history_days: 90 })).statusCode).toBe(200);
    expect(await auditEntriesOf(first.database.db, 'site', siteId)).toHaveLength(before + 1);
  });

  it('edits the company, the auto-like rules and the photo moderation mode', async () => {
    const response = await patch({
      company: { support_phone: '+31 20 000 0000', tradenames: ['Cupido', 'Amora', 'Liefje'] },
      auto_like: { enabled: false, max_per_day: 1, min_minutes_between: 60, after_events: ['activation', 'first_photo'] },
      photo_moderation: 'post',
    });
    expect(response.statusCode, response.body).toBe(200);
    const company = (await first.app.inject({ url: '/api/companyinfo.php?domain=nl.localhost' })).json();
    expect(company.support_phone ?? company.company?.support_phone).toBe('+31 20 000 0000');
    const row = (await first.database.db.select().from(sites).where(eq(sites.id, siteId)))[0]!;
    expect(row).toMatchObject({
      photoModeration: 'post',
      autoLike: { enabled: false, max_per_day: 1, min_minutes_between: 60, after_events: ['activation', 'first_photo'] },
    });
  });

  it('edits the payments (issue 14): currency, packages, methods and the direct debit limit', async () => {
    const packages = [
      { id: 'p0', credits: 60, amount: 1000, popular: false },
      { id: 'p1', credits: 130, amount: 2000, popular: false },
      { id: 'p2', credits: 320, amount: 4000, popular: true },
      { id: 'p3', credits: 900, amount: 9000, popular: false },
    ];
    const response = await patch({
      currency: 'PLN',
      credit_packages: packages,
      payment_methods: ['blik', 'prezelewy24', 'visa'],
      direct_debit_limit: 0,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().settings).toMatchObject({
      currency: 'PLN',
      credit_packages: packages,
      payment_methods: ['blik', 'prezelewy24', 'visa'],
      direct_debit_limit: 0,
    });
    const row = (await first.database.db.select().from(sites).where(eq(sites.id, siteId)))[0]!;
    expect(row).toMatchObject({
      currency: 'PLN',
      creditPackages: packages,
      paymentMethods: ['blik', 'prezelewy24', 'visa'],
      directDebitLimit: 0,
    });
    await patch({ currency: 'EUR' });
  });

  it("edits the price lists (issue 29): a PATCH round trip, served derived as settings.php's minimum_message_costs", async () => {
    const lists = { GBP: { p0: 899, p1: 1699, p2: 3499, p3: 7999 }, CHF: { p0: 1090, p1: 2090, p2: 4190, p3: 9390 } };
    const response = await patch({ price_lists: lists, countries: ['NL', 'BE', 'GB'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().settings.price_lists).toEqual(lists);
    expect((await first.app.inject({ url: `/admin/api/sites/${siteId}`, cookies: admin.cookies })).json().settings.price_lists).toEqual(
      lists,
    );
    const row = (await first.database.db.select().from(sites).where(eq(sites.id, siteId)))[0]!;
    expect(row.priceLists).toEqual(lists);
    const settings = await settingsOn(first);
    expect(settings.minimum_message_costs).toEqual(minimumMessageCosts(priceSettingsOf(row), row.countries));
    // The best package's price of one message per served country, in the currency paid there.
    // (Earlier tests left this site's largest package the cheapest per credit, as the defaults have it.)
    const largest = row.creditPackages[3]!;
    const perMessage = (amount: number) => Math.ceil((amount * row.messageCredits) / largest.credits);
    expect(settings.minimum_message_costs).toEqual({
      GB: { costs: perMessage(7999), currency: 'GBP' },
      NL: { costs: perMessage(largest.amount), currency: 'EUR' },
      BE: { costs: perMessage(largest.amount), currency: 'EUR' },
    });
    // Removing a currency is sending the lists without it.
    expect((await patch({ price_lists: { GBP: lists.GBP }, countries: ['NL', 'BE'] })).json().settings.price_lists).toEqual({
      GBP: lists.GBP,
    });
    await patch({ price_lists: {} });
  });

  it("refuses a price list for the site's own currency, whichever side the patch changes, writing nothing", async () => {
    const rowBefore = (await first.database.db.select().from(sites).where(eq(sites.id, siteId)))[0]!;
    expect(rowBefore.currency).toBe('EUR');
    const ownList = await patch({ price_lists: { EUR: { p0: 995, p1: 1995, p2: 3995, p3: 8995 } } });
    expect(ownList.statusCode).toBe(400);
    expect(errorOf(ownList)).toMatchObject({ code: 'price_list_own_currency', field: 'price_lists' });
    expect(errorOf(ownList).message).toContain("its prices are the packages' amounts");
    await patch({ price_lists: { GBP: { p0: 899, p1: 1699, p2: 3499, p3: 7999 } } });
    const toListed = await patch({ currency: 'GBP' });
    expect(errorOf(toListed)).toMatchObject({ code: 'price_list_own_currency', field: 'currency' });
    // Both at once is fine: the pound becomes the site's currency, the euro a further list.
    const swapped = await patch({ currency: 'GBP', price_lists: { EUR: { p0: 995, p1: 1995, p2: 3995, p3: 8995 } } });
    expect(swapped.statusCode, swapped.body).toBe(200);
    await patch({ currency: 'EUR', price_lists: {} });
    expect((await first.database.db.select().from(sites).where(eq(sites.id, siteId)))[0]).toMatchObject({
      currency: 'EUR',
      priceLists: {},
    });
  });

  it('edits the operator console (issue 15): the honest answer, the spending reminder and the claim idle minutes', async () => {
    const detail = (await first.app.inject({ url: `/admin/api/sites/${siteId}`, cookies: admin.cookies })).json();
    // The defaults say plainly that the profile is fictional, in every language.
    expect(detail.settings.honest_answer.en).toContain('fictional profile');
    expect(Object.keys(detail.settings.spending_reminder)).toEqual(expect.arrayContaining(['en', 'nl', 'de', 'it', 'fr', 'es', 'pl']));
    expect(detail.settings.operator_claim_idle_minutes).toBe(5);
    const honest = {
      en: 'I am a fictional profile run by our staff, not a real person.',
      nl: 'Ik ben een fictief profiel van onze medewerkers, geen echt persoon.',
    };
    const response = await patch({
      honest_answer: { ...honest, de: '  ' },
      spending_reminder: { en: 'Mind your spending.' },
      operator_claim_idle_minutes: 15,
    });
    expect(response.statusCode, response.body).toBe(200);
    // A language left empty is no text: it falls back to English.
    expect(response.json().settings).toMatchObject({
      honest_answer: honest,
      spending_reminder: { en: 'Mind your spending.' },
      operator_claim_idle_minutes: 15,
    });
    const row = (await first.database.db.select().from(sites).where(eq(sites.id, siteId)))[0]!;
    expect(row).toMatchObject({ honestAnswer: honest, spendingReminder: { en: 'Mind your spending.' }, operatorClaimIdleMinutes: 15 });
    const entries = await auditEntriesOf(first.database.db, 'site', siteId);
    expect(entries.at(-1)).toMatchObject({
      before: { operator_claim_idle_minutes: 5 },
      after: { honest_answer: honest, operator_claim_idle_minutes: 15 },
    });
    await patch({ operator_claim_idle_minutes: 5 });
  });

  it('refuses what the contract (and the database) would refuse, naming the field, writing nothing', async () => {
    const cases: [object, string][] = [
      [{ minimum_age: 17 }, 'minimum_age'],
      [{ theme_color: 'red' }, 'theme_color'],
      [{ signups: 'All of them' }, 'signups'],
      [{ message_credits: -1 }, 'message_credits'],
      [{ chat_history_days: 0 }, 'chat_history_days'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ countries: [] }, 'countries'],
      [{ countries: ['NL', 'XX'] }, 'countries'],
      [{ domain: 'https://evil.example/' }, 'domain'],
      [{ search_fields: ['height'] }, 'search_fields'],
      [{ auto_like: { enabled: true, max_per_day: -1, min_minutes_between: 0, after_events: [] } }, 'auto_like'],
      [{ fictional_warning: { nl: 'alleen Nederlands' } }, 'fictional_warning'],
      // Typed by hand no more (issue 29): derived from the price lists.
      [{ minimum_message_costs: { NL: { costs: 10, currency: 'EUR' } } }, ''],
      [{ currency: 'SEK' }, 'currency'],
      [{ price_lists: { SEK: { p0: 100, p1: 200, p2: 300, p3: 400 } } }, 'price_lists'],
      [{ price_lists: { GBP: { p0: 0, p1: 200, p2: 300, p3: 400 } } }, 'price_lists'],
      [{ price_lists: { GBP: { p0: 100, p1: 200, p2: 300, p3: 10_000_001 } } }, 'price_lists'],
      [{ price_lists: { GBP: { p0: 100, p1: 200, p2: 300 } } }, 'price_lists'],
      [{ price_lists: { GBP: { p0: 1.5, p1: 200, p2: 300, p3: 400 } } }, 'price_lists'],
      [{ price_lists: { EUR: { p0: 100, p1: 200, p2: 300, p3: 400 } } }, 'price_lists'],
      [{ photo_moderation: 'later' }, 'photo_moderation'],
      [{ currency: 'euro' }, 'currency'],
      [{ credit_packages: [{ id: 'p0', credits: 1, amount: 1, popular: true }] }, 'credit_packages'],
      [{ payment_methods: ['bitcoin'] }, 'payment_methods'],
      [{ payment_methods: [] }, 'payment_methods'],
      [{ direct_debit_limit: -1 }, 'direct_debit_limit'],
      [{ honest_answer: { nl: 'alleen Nederlands' } }, 'honest_answer'],
      [{ spending_reminder: { en: 'x'.repeat(2001) } }, 'spending_reminder'],
      [{ operator_claim_idle_minutes: 0 }, 'operator_claim_idle_minutes'],
      [{ operator_claim_idle_minutes: 121 }, 'operator_claim_idle_minutes'],
      [{ operator_claim_idle_minutes: 2.5 }, 'operator_claim_idle_minutes'],
      [{ name: 'A\u0000B' }, 'name'],
      [{ is_default: true }, ''],
      [{}, ''],
    ];
    const rowBefore = (await first.database.db.select().from(sites).where(eq(sites.id, siteId)))[0];
    for (const [body, field] of cases) {
      const response = await patch(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(errorOf(response).field, JSON.stringify(body)).toBe(field);
    }
    const taken = await patch({ domain: 'localhost', name: 'Renamed' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({ code: 'domain_taken', field: 'domain' });
    expect((await first.database.db.select().from(sites).where(eq(sites.id, siteId)))[0]).toEqual(rowBefore);
  });

  it('is for sites.edit only', async () => {
    const support = await staffOfRole(first.database.db, 'support');
    const operator = await staffOfRole(first.database.db, 'operator');
    expect((await patch({ name: 'Nope' }, siteId, support)).statusCode).toBe(403);
    expect((await first.app.inject({ url: `/admin/api/sites/${siteId}`, cookies: operator.cookies })).statusCode).toBe(403);
    expect((await first.app.inject({ method: 'PATCH', url: `/admin/api/sites/${siteId}`, payload: { name: 'Nope' } })).statusCode).toBe(
      401,
    );
  });
});
