/**
 * The receipt mail and its outbox (issue 14): sent through the real SMTP path in the member's
 * language with the invoice number, the VAT line, the withdrawal consent and the seller; marked
 * sent once; a failed send is left to the receipt job, which sends it on its next tick.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../../db/open';
import { payments } from '../../../db/schema';
import { createBroker } from '../../../infra/broker';
import { manualClock } from '../../../infra/clock';
import { createMailer, type Mailer } from '../../../infra/mailer';
import { seedDemoSites } from '../../../seed/demo-sites';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';
import { createTestDatabase } from '../../../test/test-database';
import { SiteService, type Site } from '../../sites/service';
import type { PaymentDeps } from '../deps';
import { queueReceipt, RECEIPT_JOB, sendReceipt } from './outbox';
import { renderReceiptMail } from './receipt-mail';
import { receiptJobs } from './routes';
import { insertMember, insertPayment } from './test/receipts-test-kit';

const PAID_AT = new Date('2026-11-23T12:00:00Z');

let database: DatabaseHandle;
let smtp: TestSmtpServer;
let mailer: Mailer;
let site: Site;
let dataDir: string;
const warnings: unknown[] = [];
const clock = manualClock(new Date('2026-11-23T12:00:05Z'));
const log = { warn: (obj: unknown) => warnings.push(obj), info() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

/** The mailer the deps use: the real SMTP one unless a test makes it fail. */
let failSends = 0;
const flakyMailer: Mailer = {
  async send(mail) {
    if (failSends > 0) {
      failSends -= 1;
      throw new Error('mail server unavailable');
    }
    await mailer.send(mail);
  },
  close: () => mailer.close(),
};

let deps: PaymentDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  [site] = (await seedDemoSites(database.db)) as [Site];
  smtp = await startTestSmtpServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-receipts-'));
  mailer = createMailer({ smtpUrl: smtp.url, dataDir, log: { info() {} } });
  const sites = new SiteService(database.db, createBroker({ channelPrefix: 'receipts-test:' }));
  deps = { db: database.db, clock, mailer: flakyMailer, sites, log } as unknown as PaymentDeps;
});
afterAll(async () => {
  await mailer.close();
  await smtp.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  failSends = 0;
  warnings.length = 0;
});

async function paidPayment(
  language: 'nl' | 'en' | 'de' | 'fr',
  invoiceNumber: string,
  extra: Parameters<typeof insertPayment>[1] extends infer T ? Partial<T> : never = {},
) {
  const member = await insertMember(database.db, site.id, { createdAt: new Date('2026-11-20T10:00:00Z'), language });
  const paymentId = await insertPayment(database.db, { userId: member.id, siteId: site.id, paidAt: PAID_AT, invoiceNumber, ...extra });
  return { member, paymentId };
}

async function sentAt(paymentId: number): Promise<Date | null> {
  const [row] = await database.db.select({ at: payments.receiptSentAt }).from(payments).where(eq(payments.id, paymentId));
  return row!.at;
}

const COMPANY_DETAILS = ['Cupido Media B.V.', 'Keizersgracht 123', 'Amsterdam', '87654321', 'NL864209753B01'];

describe('the receipt mail', () => {
  it('in Dutch: invoice number, VAT apart, withdrawal consent and the seller; marked sent once', async () => {
    const { member, paymentId } = await paidPayment('nl', '2026-1-000101');
    await queueReceipt(deps, paymentId);
    const mail = await smtp.waitForMail(member.email);
    expect(mail.subject).toBe(`Je betaalbewijs van ${site.name}: factuur 2026-1-000101`);
    expect(mail.from).toBe(site.supportEmail);
    expect(mail.text).toContain('Factuurnummer: 2026-1-000101');
    expect(mail.text).toContain('Datum: 23 november 2026 om 12:00 UTC');
    expect(mail.text).toContain('Pakket: 120 credits');
    expect(mail.text).toContain('Prijs exclusief btw: €\u00a016,49');
    expect(mail.text).toContain('Btw 21%: €\u00a03,46');
    expect(mail.text).toContain('Totaal betaald: €\u00a019,95');
    expect(mail.text).toContain('Op 23 november 2026 om 11:59 UTC heb je ermee ingestemd dat de levering van de credits direct begint');
    expect(mail.text).toContain('herroepingsrecht van 14 dagen');
    for (const detail of COMPANY_DETAILS) expect(mail.text).toContain(detail);
    expect(mail.text).toContain('Amsterdam, Nederland');
    expect(mail.text).toContain(site.supportEmail);
    expect(mail.html).toContain('2026-1-000101');
    expect(await sentAt(paymentId)).toEqual(clock());

    // Once: a second call (a repeated webhook) and the job send nothing more.
    await queueReceipt(deps, paymentId);
    await receiptJobs(deps)[0]!.run({}, { jobId: 'tick', attempt: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.filter((m) => m.to.includes(member.email))).toHaveLength(1);
  });

  it("in German, with the discount and Finland's 25.5% VAT", async () => {
    const { member, paymentId } = await paidPayment('de', '2026-1-000102', {
      amount: 1000,
      country: 'FI',
      vatRateBp: 2550,
      vatAmount: 203,
      discountPercentage: 25,
    });
    await queueReceipt(deps, paymentId);
    const mail = await smtp.waitForMail(member.email);
    expect(mail.subject).toBe(`Deine Quittung von ${site.name}: Rechnung 2026-1-000102`);
    expect(mail.text).toContain('Rechnungsnummer: 2026-1-000102');
    expect(mail.text).toContain('Rabatt: 25%');
    expect(mail.text).toContain('Preis ohne MwSt.: 7,97\u00a0€');
    expect(mail.text).toContain('MwSt. 25,5\u00a0%: 2,03\u00a0€');
    expect(mail.text).toContain('Bezahlter Gesamtbetrag: 10,00\u00a0€');
    expect(mail.text).toContain('Am 23. November 2026 um 11:59 UTC hast du zugestimmt, dass die Lieferung der Credits sofort beginnt');
    expect(mail.text).toContain('14-tägiges Widerrufsrecht');
    for (const detail of COMPANY_DETAILS) expect(mail.text).toContain(detail);
    expect(mail.text).toContain('Amsterdam, Niederlande');
  });

  it('outside the VAT area says no VAT was charged', async () => {
    const { member, paymentId } = await paidPayment('en', '2026-1-000103', { country: 'US', vatRateBp: 0, vatAmount: 0 });
    await queueReceipt(deps, paymentId);
    const mail = await smtp.waitForMail(member.email);
    expect(mail.text).toContain('VAT (not charged): €0.00');
    expect(mail.text).toContain('Price excluding VAT: €19.95');
    expect(mail.text).toContain('On 23 November 2026 at 11:59 UTC you agreed that delivery of the credits would start immediately');
  });

  it('a failed send is logged, left unmarked, and sent by the receipt job', async () => {
    const { member, paymentId } = await paidPayment('fr', '2026-1-000104');
    failSends = 1;
    await queueReceipt(deps, paymentId);
    expect(warnings).toHaveLength(1);
    expect(await sentAt(paymentId)).toBeNull();

    const [job] = receiptJobs(deps);
    expect(job).toMatchObject({ name: RECEIPT_JOB, cron: '* * * * *' });
    // The next tick fails too: still owed.
    failSends = 1;
    await job!.run({}, { jobId: 'tick-1', attempt: 1 });
    expect(await sentAt(paymentId)).toBeNull();
    // The one after that sends it.
    clock.advance(60_000);
    await job!.run({}, { jobId: 'tick-2', attempt: 1 });
    const mail = await smtp.waitForMail(member.email);
    expect(mail.subject).toBe(`Votre reçu ${site.name}\u202f: facture 2026-1-000104`);
    expect(mail.text).toContain('TVA 21\u00a0%');
    expect(mail.text).toContain('droit de rétractation de 14 jours');
    expect(await sentAt(paymentId)).toEqual(clock());
  });

  it('an open payment owes no receipt', async () => {
    const { paymentId } = await paidPayment('en', 'unused', { status: 'open' });
    expect(await sendReceipt(deps, paymentId)).toBe(false);
    expect(await sentAt(paymentId)).toBeNull();
  });

  it("writes the number of credits in the language's plural form", () => {
    const render = (locale: 'pl' | 'en', credits: number) =>
      renderReceiptMail({
        locale,
        site: { name: 'Amora', domain: 'amora.example', themeColor: '#d63384', logoText: '', supportEmail: 'help@amora.example' },
        receipt: {
          invoiceNumber: '2026-1-000001',
          paidAt: PAID_AT,
          credits,
          currency: 'EUR',
          amount: 995,
          vatRateBp: 2300,
          vatAmount: 186,
          discountPercentage: 0,
          withdrawalConsentAt: PAID_AT,
        },
        seller: {
          name: 'Cupido Media B.V.',
          address: 'Keizersgracht 123',
          city: 'Amsterdam',
          country: 'NL',
          kvk: '87654321',
          vatNumbers: [],
        },
      }).text;
    expect(render('pl', 120)).toContain('Pakiet: 120 kredytów');
    expect(render('pl', 22)).toContain('dodaliśmy 22 kredyty do twojego konta');
    expect(render('pl', 1)).toContain('Pakiet: 1 kredyt\n');
    expect(render('en', 1)).toContain('added 1 credit to your account');
    expect(render('en', 50)).toContain('Package: 50 credits');
  });

  it('escapes every value in the HTML part', () => {
    const mail = renderReceiptMail({
      locale: 'en',
      site: {
        name: 'Love <3 & co',
        domain: 'example.test',
        themeColor: 'red;background:url(x)',
        logoText: '',
        supportEmail: 'help@example.test',
      },
      receipt: {
        invoiceNumber: '2026-1-000001',
        paidAt: PAID_AT,
        credits: 50,
        currency: 'EUR',
        amount: 995,
        vatRateBp: 2100,
        vatAmount: 173,
        discountPercentage: 0,
        withdrawalConsentAt: PAID_AT,
      },
      seller: { name: '<script>alert(1)</script> B.V.', address: 'Street "1"', city: 'Amsterdam', country: 'NL', kvk: '1', vatNumbers: [] },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; B.V.');
    expect(mail.html).toContain('Love &lt;3 &amp; co');
    expect(mail.html).not.toContain('url(x)');
    expect(mail.text).toContain('<script>alert(1)</script> B.V.');
  });
});
