/**
 * The payments core through the real API and the sandbox provider: packages, starting a payment
 * (refusals, idempotency), every status path to settlement, the transaction page's re-fetch,
 * replayed and out-of-order webhooks, the repeat order and the sandbox's test page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_SITE_PAYMENT_METHODS, METHODS_BY_COUNTRY, methodsFor } from '@cupido/shared/rules/payments';
import { paymentEvents, payments, purchaseBlocks, sandboxPayments } from '../../db/schema';
import { createSite, errorOf } from '../../test/accounts-kit';
import {
  choose,
  createPaymentsTestApp,
  eventsProcessed,
  member,
  newKey,
  pay,
  paymentBody,
  paymentRow,
  purchaseEntries,
  setSandboxStatus,
  startedPayment,
  userRow,
  waitFor,
  webhook,
  type PaymentsTestApp,
} from './test/payments-test-kit';

let t: PaymentsTestApp;
beforeAll(async () => {
  t = await createPaymentsTestApp();
}, 60_000);
afterAll(async () => t?.close());

const transaction = (cookie: string, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/transaction.php?domain=localhost&id=${id}`, headers: { cookie } });

describe('GET /api/credit-packages.php', () => {
  it("answers visitors too (prices before signup): the detected country's currency, no discount, no card block; a typed code needs a member", async () => {
    const visitor = (query: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/credit-packages.php?domain=localhost${query}`, headers });
    // Polish browser: Poland is served, its list is in PLN (the demo site's, decision 037).
    const polish = await visitor('', { 'accept-language': 'pl-PL,pl;q=0.9' });
    expect(polish.statusCode, polish.body).toBe(200);
    expect(polish.json()).toMatchObject({ currency: 'PLN', payment_country: 'PL', discount: null, card_blocked: false });
    expect(polish.json().packages.map((p: { amount: number; discounted_amount: number }) => [p.amount, p.discounted_amount])).toEqual([
      [4299, 4299],
      [8499, 8499],
      [16999, 16999],
      [37999, 37999],
    ]);
    expect(polish.json().methods).toEqual(methodsFor('PL', DEFAULT_SITE_PAYMENT_METHODS));
    // A country the site does not serve (Germany): the site's first country, Britain, in pounds.
    const german = (await visitor('', { 'accept-language': 'de-DE' })).json();
    expect(german).toMatchObject({ currency: 'GBP', payment_country: 'GB' });
    expect(german.packages[0].amount).toBe(899);
    // Ireland chosen: euros, the packages' own amounts.
    expect((await visitor('&country=IE')).json()).toMatchObject({
      currency: 'EUR',
      payment_country: 'IE',
      packages: [{ amount: 995 }, { amount: 1995 }, { amount: 3995 }, { amount: 8995 }],
    });
    const code = await visitor('&code=TIMEBONUS25');
    expect(code.statusCode).toBe(403);
    expect(errorOf(code).code).toBe('authentication_required');
  });

  it("prices a member's packages in the currency of their payment country: GBP from the UK, PLN from Poland, EUR from the Netherlands", async () => {
    const m = await member(t);
    const packagesOf = async (query: string, cookie = m.cookie, domain = 'localhost') =>
      (await t.app.inject({ method: 'GET', url: `/api/credit-packages.php?domain=${domain}${query}`, headers: { cookie } })).json();
    const gb = await packagesOf('');
    expect(gb).toMatchObject({ currency: 'GBP', payment_country: 'GB' });
    expect(gb.packages.map((p: { amount: number }) => p.amount)).toEqual([899, 1699, 3499, 7999]);
    // The welcome offer (25%) on the pound prices, and the price of a message from them.
    expect(gb.packages[1]).toMatchObject({ discounted_amount: 1274, price_per_message: Math.ceil((1699 * gb.message_credits) / 120) });
    const pl = await packagesOf('&country=PL');
    expect(pl).toMatchObject({ currency: 'PLN', payment_country: 'PL' });
    expect(pl.packages.map((p: { amount: number }) => p.amount)).toEqual([4299, 8499, 16999, 37999]);
    // The Dutch site sells in euros only.
    const nl = await member(t, 'nl.localhost');
    const eur = await packagesOf('&country=NL', nl.cookie, 'nl.localhost');
    expect(eur).toMatchObject({ currency: 'EUR', payment_country: 'NL' });
    expect(eur.packages.map((p: { amount: number }) => p.amount)).toEqual([995, 1995, 3995, 8995]);
  });

  it("lists the site's packages, prices per message and the payment country's methods; a card block hides card methods", async () => {
    const m = await member(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/credit-packages.php?domain=localhost&country=IE',
      headers: { cookie: m.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.currency).toBe('EUR');
    expect(answer.payment_country).toBe('IE');
    expect(answer.payment_countries).toEqual(['GB', 'IE', 'US', 'CA', 'AU', 'NZ', 'PL']);
    expect(answer.methods).toEqual(methodsFor('IE', DEFAULT_SITE_PAYMENT_METHODS));
    expect(answer.methods).toContain('sdd');
    expect(answer.packages.map((p: { id: string }) => p.id)).toEqual(['p0', 'p1', 'p2', 'p3']);
    const p1 = answer.packages[1];
    expect(p1).toMatchObject({ credits: 120, amount: 1995, popular: true, messages: Math.floor(120 / answer.message_credits) });
    expect(p1.price_per_message).toBe(Math.ceil((1995 * answer.message_credits) / 120));
    expect(answer.card_blocked).toBe(false);

    // Without a country: the member's own (GB on this site at signup), else the site's first.
    const own = (
      await t.app.inject({ method: 'GET', url: '/api/credit-packages.php?domain=localhost', headers: { cookie: m.cookie } })
    ).json();
    expect(own.payment_country).toBe('GB');
    const notServed = await t.app.inject({
      method: 'GET',
      url: '/api/credit-packages.php?domain=localhost&country=NL',
      headers: { cookie: m.cookie },
    });
    expect(notServed.statusCode).toBe(422);
    expect(errorOf(notServed)).toMatchObject({ code: 'payment_country_not_served', field: 'country' });

    await t.database.db.insert(purchaseBlocks).values({ userId: m.userId, kind: 'card', reason: 'chargeback', createdAt: new Date() });
    const blocked = (
      await t.app.inject({ method: 'GET', url: '/api/credit-packages.php?domain=localhost&country=IE', headers: { cookie: m.cookie } })
    ).json();
    expect(blocked.card_blocked).toBe(true);
    expect(blocked.methods).toContain('paypal');
    for (const card of ['visa', 'mastercard', 'creditcard', 'maestro', 'applepay']) expect(blocked.methods).not.toContain(card);
  });
});

describe('POST /api/payment.php refusals', () => {
  it('refuses visitors, unknown packages, methods the site or country does not offer, countries it does not serve and missing consent', async () => {
    const m = await member(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/payment.php?domain=localhost', payload: paymentBody() })).statusCode).toBe(403);

    const unknownPackage = await pay(t, m.cookie, paymentBody({ package_id: 'p9' }));
    expect(unknownPackage.statusCode).toBe(400);
    const notForCountry = await pay(t, m.cookie, paymentBody({ method: 'ideal', country: 'GB' }));
    expect(notForCountry.statusCode).toBe(422);
    expect(errorOf(notForCountry)).toMatchObject({ code: 'payment_method_unavailable', field: 'method' });
    const notServed = await pay(t, m.cookie, paymentBody({ method: 'ideal', country: 'NL' }));
    expect(errorOf(notServed)).toMatchObject({ code: 'payment_country_not_served', field: 'country' });
    const noConsent = await pay(t, m.cookie, paymentBody({ withdrawal_consent: false }));
    expect(noConsent.statusCode).toBe(400);
    const count = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.userId, m.userId));
    expect(count[0]!.n).toBe(0);
  });

  it('refuses giropay, disabled by default, even where the country has it', async () => {
    await createSite(t, 'de.pay.test', { countries: ['DE'], domainLanguage: 'de' });
    const m = await member(t, 'de.pay.test');
    expect(METHODS_BY_COUNTRY.DE).toContain('giropay');
    const response = await pay(t, m.cookie, paymentBody({ method: 'giropay', country: 'DE' }), 'de.pay.test');
    expect(response.statusCode, response.body).toBe(422);
    expect(errorOf(response)).toMatchObject({ code: 'payment_method_unavailable', field: 'method' });
    expect((await pay(t, m.cookie, paymentBody({ method: 'sdd', country: 'DE' }), 'de.pay.test')).statusCode).toBe(200);
  });

  it("refuses card methods while a card block is open, and direct debit while that is blocked, in the member's language", async () => {
    const m = await member(t);
    await t.database.db.insert(purchaseBlocks).values({ userId: m.userId, kind: 'card', reason: 'chargeback', createdAt: new Date() });
    await t.database.db.insert(purchaseBlocks).values({ userId: m.userId, kind: 'direct_debit', reason: 'staff', createdAt: new Date() });
    const card = await pay(t, m.cookie, paymentBody({ method: 'visa' }));
    expect(card.statusCode).toBe(403);
    expect(errorOf(card).code).toBe('card_blocked');
    const sdd = await t.app.inject({
      method: 'POST',
      url: '/api/payment.php?domain=localhost&locale=de',
      headers: { cookie: m.cookie },
      payload: paymentBody({ method: 'sdd', country: 'IE' }),
    });
    expect(sdd.statusCode).toBe(403);
    expect(errorOf(sdd)).toMatchObject({ code: 'direct_debit_blocked', message: 'Dein Konto ist für Zahlungen per Lastschrift gesperrt.' });
    expect((await pay(t, m.cookie, paymentBody({ method: 'paypal' }))).statusCode).toBe(200);
    // Lifted: cards again.
    await t.database.db
      .update(purchaseBlocks)
      .set({ liftedAt: new Date() })
      .where(and(eq(purchaseBlocks.userId, m.userId), eq(purchaseBlocks.kind, 'card')));
    expect((await pay(t, m.cookie, paymentBody({ method: 'visa' }))).statusCode).toBe(200);
  });
});

describe('starting a payment', () => {
  it("stores an open payment in the payer's currency (GBP from the UK) with the time bonus off and sends the member to the sandbox checkout on the site's origin", async () => {
    const m = await member(t);
    const p = await startedPayment(t, m.cookie, { package_id: 'p2', method: 'paypal' });
    // A new member's time bonus (TIMEBONUS25) is the active discount.
    // The pound list's p2 (34.99) less 25%, rounded down to the penny in the member's favour.
    expect(p.row).toMatchObject({
      status: 'open',
      packageId: 'p2',
      credits: 300,
      currency: 'GBP',
      listAmount: 3499,
      discountPercentage: 25,
      amount: 2624,
      method: 'paypal',
      country: 'GB',
      provider: 'sandbox',
      recurring: false,
    });
    expect(p.row.discountCodeId).not.toBeNull();
    expect(p.sandboxId).toMatch(/^sbx_/);
    expect(p.redirectUrl).toBe(`https://localhost/sandbox/checkout/${p.sandboxId}`);
    const [book] = await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, p.sandboxId));
    expect(book).toMatchObject({
      amount: 2624,
      currency: 'GBP',
      method: 'paypal',
      status: 'open',
      returnUrl: `https://localhost/transactions/${p.id}`,
      webhookUrl: 'https://localhost/api/payment-webhook/sandbox',
    });
  });

  it('answers parallel identical requests with one payment and one provider call', async () => {
    const m = await member(t);
    const body = paymentBody({ idempotency_key: newKey() });
    const answers = await Promise.all(Array.from({ length: 8 }, () => pay(t, m.cookie, body)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const ids = new Set(answers.map((a) => a.json().payment_id));
    const redirects = new Set(answers.map((a) => a.json().redirect_url));
    expect(ids.size).toBe(1);
    expect(redirects.size).toBe(1);
    expect([...redirects][0]).toMatch(/\/sandbox\/checkout\/sbx_/);
    const rows = await t.database.db.select().from(payments).where(eq(payments.userId, m.userId));
    expect(rows).toHaveLength(1);
    // Kept with the payment, not in the process: a replay reaching another server process answers the same checkout.
    expect(rows[0]!.checkoutUrl).toBe([...redirects][0]);
    const books = await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, rows[0]!.providerPaymentId!));
    expect(books).toHaveLength(1);
    expect(
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sandboxPayments)
        .where(sql`${sandboxPayments.returnUrl} = ${`https://localhost/transactions/${rows[0]!.id}`}`),
    ).toEqual([{ n: 1 }]);
  });

  it('a direct debit needs no checkout: the sandbox approves the mandate at once and the payment is paid', async () => {
    const m = await member(t);
    const response = await pay(t, m.cookie, paymentBody({ method: 'sdd', country: 'IE', package_id: 'p0' }));
    expect(response.statusCode, response.body).toBe(200);
    const { payment_id, redirect_url } = response.json();
    expect(redirect_url).toBe(`/transactions/${payment_id}`);
    expect((await paymentRow(t, payment_id)).status).toBe('paid');
    expect((await userRow(t, m.userId)).credits).toBeGreaterThanOrEqual(50);
  });
});

describe('status paths through the sandbox', () => {
  it('paid: credits once, the member becomes a paid user, the ledger entry is linked to the payment', async () => {
    const m = await member(t);
    const before = (await userRow(t, m.userId)).credits;
    const p = await startedPayment(t, m.cookie);
    await choose(t, p.sandboxId, 'paid');
    const answer = await webhook(t, p.sandboxId);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('OK');
    await eventsProcessed(t);
    const row = await paymentRow(t, p.id);
    expect(row.status).toBe('paid');
    expect(row.paidAt).not.toBeNull();
    expect(row.invoiceNumber).not.toBeNull();
    const user = await userRow(t, m.userId);
    expect(user.credits).toBe(before + 120);
    expect(user.paidUser).toBe(true);
    const entries = await purchaseEntries(t, m.userId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: 120, kind: 'purchase', idempotencyKey: `payment:${p.id}`, reference: `payment:${p.id}` });
    // The session sees it at once (cache dropped): the transaction page and the member view.
    const page = (await transaction(m.cookie, p.id)).json();
    expect(page).toMatchObject({
      payment_id: p.id,
      status: 'paid',
      credits: 120,
      amount: 1274,
      currency: 'GBP',
      method: 'visa',
      package_id: 'p1',
      recurring: false,
    });

    // A late webhook and a replayed event change nothing.
    await webhook(t, p.sandboxId);
    await webhook(t, p.sandboxId, 'evt_same_again');
    await webhook(t, p.sandboxId, 'evt_same_again');
    await eventsProcessed(t);
    expect((await userRow(t, m.userId)).credits).toBe(before + 120);
    expect(await purchaseEntries(t, m.userId)).toHaveLength(1);
    const same = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_same_again'));
    expect(same).toHaveLength(1);
  });

  for (const status of ['failed', 'cancelled'] as const) {
    it(`${status}: no credits, not a paid user, final`, async () => {
      const m = await member(t);
      const before = (await userRow(t, m.userId)).credits;
      const p = await startedPayment(t, m.cookie);
      await choose(t, p.sandboxId, status);
      await webhook(t, p.sandboxId);
      await eventsProcessed(t);
      expect((await paymentRow(t, p.id)).status).toBe(status);
      expect((await transaction(m.cookie, p.id)).json().status).toBe(status);
      const user = await userRow(t, m.userId);
      expect(user.credits).toBe(before);
      expect(user.paidUser).toBe(false);
      // The provider cannot turn a final status into paid afterwards.
      await setSandboxStatus(t, p.sandboxId, 'paid');
      await webhook(t, p.sandboxId);
      await eventsProcessed(t);
      expect((await paymentRow(t, p.id)).status).toBe(status);
      expect(await purchaseEntries(t, m.userId)).toHaveLength(0);
    });
  }

  it('pending, then paid; a late pending after paid changes nothing (out of order)', async () => {
    const m = await member(t);
    const before = (await userRow(t, m.userId)).credits;
    const p = await startedPayment(t, m.cookie);
    await choose(t, p.sandboxId, 'pending');
    await webhook(t, p.sandboxId);
    await eventsProcessed(t);
    expect((await paymentRow(t, p.id)).status).toBe('pending');
    expect((await userRow(t, m.userId)).credits).toBe(before);

    await choose(t, p.sandboxId, 'paid');
    await webhook(t, p.sandboxId);
    await eventsProcessed(t);
    expect((await paymentRow(t, p.id)).status).toBe('paid');
    expect((await userRow(t, m.userId)).credits).toBe(before + 120);

    await setSandboxStatus(t, p.sandboxId, 'pending');
    await webhook(t, p.sandboxId);
    await eventsProcessed(t);
    expect((await paymentRow(t, p.id)).status).toBe('paid');
    expect((await userRow(t, m.userId)).credits).toBe(before + 120);
  });

  it('the transaction page settles a payment whose webhook never came, once it has been quiet for 2 s', async () => {
    const m = await member(t);
    const p = await startedPayment(t, m.cookie);
    await choose(t, p.sandboxId, 'paid');
    // Just created: no re-fetch yet.
    expect((await transaction(m.cookie, p.id)).json().status).toBe('open');
    t.clock.advance(3_000);
    expect((await transaction(m.cookie, p.id)).json().status).toBe('paid');
    expect(await purchaseEntries(t, m.userId)).toHaveLength(1);
  });

  it("answers only the member's own payments", async () => {
    const owner = await member(t);
    const other = await member(t);
    const p = await startedPayment(t, owner.cookie);
    expect((await transaction(other.cookie, p.id)).statusCode).toBe(404);
    expect((await transaction(owner.cookie, p.id)).statusCode).toBe(200);
  });

  it('a chargeback reported by the provider is applied once', async () => {
    const m = await member(t);
    const p = await startedPayment(t, m.cookie);
    const early = await t.app.inject({ method: 'POST', url: `/sandbox/checkout/${p.sandboxId}/chargeback?domain=localhost` });
    expect(early.statusCode).toBe(409);
    await choose(t, p.sandboxId, 'paid');
    await webhook(t, p.sandboxId);
    await eventsProcessed(t);
    const back = await t.app.inject({ method: 'POST', url: `/sandbox/checkout/${p.sandboxId}/chargeback?domain=localhost` });
    expect(back.statusCode, back.body).toBe(200);
    await webhook(t, p.sandboxId);
    await eventsProcessed(t);
    const row = await paymentRow(t, p.id);
    expect(row.status).toBe('paid');
    expect(row.chargedBackAt).not.toBeNull();
    const first = row.chargedBackAt!.getTime();
    await webhook(t, p.sandboxId);
    await eventsProcessed(t);
    expect((await paymentRow(t, p.id)).chargedBackAt!.getTime()).toBe(first);
  });
});

describe('the webhook route', () => {
  it("takes calls from the provider's servers whatever their Origin, answers other providers 404 and ignores calls about nothing", async () => {
    const m = await member(t);
    const p = await startedPayment(t, m.cookie);
    await choose(t, p.sandboxId, 'paid');
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/payment-webhook/sandbox',
      headers: { origin: 'https://psp.example' },
      payload: { event_id: 'evt_foreign_origin', payment_id: p.sandboxId },
    });
    expect(foreign.statusCode, foreign.body).toBe(200);
    await eventsProcessed(t);
    expect((await paymentRow(t, p.id)).status).toBe('paid');
    // The Origin check still guards the member's own calls.
    const shop = await t.app.inject({
      method: 'POST',
      url: '/api/payment.php?domain=localhost',
      headers: { cookie: m.cookie, origin: 'https://evil.example' },
      payload: paymentBody(),
    });
    expect(shop.statusCode).toBe(403);

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payment-webhook/paynl', payload: { event_id: 'x', payment_id: p.sandboxId } }))
        .statusCode,
    ).toBe(404);
    const nothing = await t.app.inject({ method: 'POST', url: '/api/payment-webhook/sandbox', payload: { hello: 'world' } });
    expect(nothing.statusCode).toBe(200);
    expect(nothing.body).toBe('OK');
  });
});

describe('repeat order', () => {
  it('404 before any paid order; then the last paid order again, a card order as a recurring payment', async () => {
    const m = await member(t);
    const none = await t.app.inject({ method: 'GET', url: '/api/repeat-order.php?domain=localhost', headers: { cookie: m.cookie } });
    expect(none.statusCode).toBe(404);
    const p = await startedPayment(t, m.cookie, { package_id: 'p3', method: 'mastercard', country: 'IE' });
    await choose(t, p.sandboxId, 'paid');
    await webhook(t, p.sandboxId);
    await eventsProcessed(t);
    // A later unpaid order is not the one repeated.
    await startedPayment(t, m.cookie, { package_id: 'p0', method: 'paypal' });

    const last = await t.app.inject({ method: 'GET', url: '/api/repeat-order.php?domain=localhost', headers: { cookie: m.cookie } });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toEqual({ package_id: 'p3', credits: 800, amount: 8995, currency: 'EUR', method: 'mastercard', country: 'IE' });
    const body = { withdrawal_consent: true, idempotency_key: newKey() };
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/repeat-order.php?domain=localhost',
      headers: { cookie: m.cookie },
      payload: body,
    });
    expect(again.statusCode, again.body).toBe(200);
    const row = await paymentRow(t, again.json().payment_id);
    expect(row).toMatchObject({ packageId: 'p3', method: 'mastercard', country: 'IE', recurring: true, status: 'open' });
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/repeat-order.php?domain=localhost',
      headers: { cookie: m.cookie },
      payload: body,
    });
    expect(replay.json().payment_id).toBe(row.id);
  });
});

describe('the sandbox test page', () => {
  it("renders an escaped, labelled test page in the member's language with four choices; 404 for unknown ids", async () => {
    const m = await member(t);
    const p = await startedPayment(t, m.cookie, { package_id: 'p0' });
    const page = await t.app.inject({
      method: 'GET',
      url: `/sandbox/checkout/${p.sandboxId}?domain=localhost`,
      headers: { cookie: m.cookie, 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('Testzahlung (Sandbox)');
    expect(page.body).toMatch(/6,74\s£/);
    for (const choice of ['paid', 'failed', 'cancelled', 'pending']) expect(page.body).toContain(`name="status" value="${choice}"`);
    expect(page.body).toContain('name="viewport"');
    // Its form post must carry the page's real Origin (no-referrer would make it `null`, refused as foreign).
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const english = await t.app.inject({
      method: 'GET',
      url: `/sandbox/checkout/${p.sandboxId}?domain=localhost`,
      headers: { cookie: m.cookie },
    });
    expect(english.body).toContain('Sandbox test payment');
    await t.database.db
      .update(sandboxPayments)
      .set({ description: '<script>alert(1)</script>' })
      .where(eq(sandboxPayments.id, p.sandboxId));
    const escaped = await t.app.inject({
      method: 'GET',
      url: `/sandbox/checkout/${p.sandboxId}?domain=localhost`,
      headers: { cookie: m.cookie },
    });
    expect(escaped.body).not.toContain('<script>alert');
    expect(escaped.body).toContain('&lt;script&gt;');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/sandbox/checkout/sbx_000000000000000000000000?domain=localhost',
          headers: { cookie: m.cookie },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("answers only the payer's own session: another member or a visitor cannot see or settle the payment (decision 035)", async () => {
    const payer = await member(t);
    const other = await member(t);
    const p = await startedPayment(t, payer.cookie);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const headers of [{}, { cookie: other.cookie }]) {
      expect((await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${p.sandboxId}?domain=localhost`, headers })).statusCode).toBe(
        404,
      );
      const post = await t.app.inject({
        method: 'POST',
        url: `/sandbox/checkout/${p.sandboxId}?domain=localhost`,
        headers: { ...form, ...headers },
        payload: 'status=paid',
      });
      expect(post.statusCode).toBe(404);
    }
    const [untouched] = await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, p.sandboxId));
    expect(untouched?.status).toBe('open');
    const own = await t.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${p.sandboxId}?domain=localhost`,
      headers: { ...form, cookie: payer.cookie },
      payload: 'status=paid',
    });
    expect(own.statusCode).toBe(303);
  });

  it("has its chargeback route only in the tests' app, not on a demo or production server (decision 035)", async () => {
    const chargeback = { method: 'POST', url: '/sandbox/checkout/:id/chargeback' } as const;
    const checkout = { method: 'GET', url: '/sandbox/checkout/:id' } as const;
    expect(t.app.hasRoute(chargeback)).toBe(true);
    for (const mode of ['demo', 'production'] as const) {
      // Production on the sandbox only as a staging site (PAYMENT_SANDBOX=1): its test page stays, the chargeback does not.
      const server = await createPaymentsTestApp({ mode, paymentSandboxAllowed: true });
      try {
        expect(server.app.hasRoute(checkout), mode).toBe(true);
        expect(server.app.hasRoute(chargeback), mode).toBe(false);
      } finally {
        await server.close();
      }
    }
  });

  it('redirects to the transaction page after a choice, and a final payment takes no new choice', async () => {
    const m = await member(t);
    const p = await startedPayment(t, m.cookie);
    const response = await choose(t, p.sandboxId, 'cancelled');
    expect(response.headers.location).toBe(`https://localhost/transactions/${p.id}`);
    await choose(t, p.sandboxId, 'paid');
    const [book] = await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, p.sandboxId));
    expect(book!.status).toBe('cancelled');
  });
});

describe('with a listening server', () => {
  it("the sandbox's own webhook reaches the app and settles the payment", async () => {
    const { createServer } = await import('node:net');
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const live = await createPaymentsTestApp({ publicOrigin: { scheme: 'http', port } });
    try {
      await live.app.listen({ port, host: '127.0.0.1' });
      const m = await member(live);
      const p = await startedPayment(live, m.cookie);
      // The site is "localhost": the webhook URL resolves to this listening server.
      await choose(live, p.sandboxId, 'paid');
      await waitFor(
        'payment paid by the real webhook',
        () => paymentRow(live, p.id),
        (row) => row.status === 'paid',
        10_000,
      );
      expect(await purchaseEntries(live, m.userId)).toHaveLength(1);
    } finally {
      await live.close();
    }
  }, 60_000);
});
