/**
 * The 30-day direct debit limit against parallel confirmations (issue 27, finding 3): two orders
 * that each fit the limit but not together, confirmed at the same moment on two app instances on
 * one database (PGlite, or PostgreSQL with TEST_DATABASE_URL). Exactly one may be paid; the other
 * gets the limit error and starts no payment.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DIRECT_DEBIT_RESEND_SECONDS } from '@cupido/shared/contracts/direct-debit';
import { TIME_BONUS_SECONDS } from '@cupido/shared/rules/welcome-offer';
import { directDebitRequests, payments, users } from '../../../db/schema';
import { parseSmsFile } from '../../../infra/sms';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { activeMember, createAccountsTestApp, errorOf, type AccountsTestApp } from '../../../test/accounts-kit';
import { directDebitForm } from './test/direct-debit-test-kit';

let t: AccountsTestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
  other = await createTestApp({ smtpUrl: t.smtp.url }, { clock: t.clock, database: t.database });
}, 60_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

let keys = 0;
/** A p3 order (89.95) from Ireland; two of them (179.90) exceed the default limit of 150.00. */
const order = () => directDebitForm({ package_id: 'p3', idempotency_key: `dd-race-${process.pid}-${++keys}` });

const post = (app: TestApp['app'], cookie: string, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/directdebit.php?domain=localhost', payload: body, headers: { cookie } });

/** The code of the newest SMS the first instance wrote. */
function newestCode(): string {
  const dir = path.join(t.dataDir, 'sms');
  const newest = fs
    .readdirSync(dir)
    .map((file) => ({ file, at: fs.statSync(path.join(dir, file)).mtimeMs }))
    .sort((a, b) => a.at - b.at || (a.file < b.file ? -1 : 1))
    .at(-1)!;
  const text = parseSmsFile(fs.readFileSync(path.join(dir, newest.file), 'utf8')).text;
  return /(\d{6})\s*$/.exec(text)![1]!;
}

describe('the 30-day limit under parallel confirmations', () => {
  it('two orders confirmed at once on two instances: one is paid, the other refused with direct_debit_limit', async () => {
    const m = await activeMember(t);
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, m.body.email));
    const userId = row!.id;
    // Past the time bonus: both orders cost the full 89.95.
    t.clock.advance((TIME_BONUS_SECONDS + 60) * 1000);

    const first = order();
    expect((await post(t.app, m.cookie, first)).statusCode).toBe(200);
    const firstCode = newestCode();
    t.clock.advance((DIRECT_DEBIT_RESEND_SECONDS + 1) * 1000);
    const second = order();
    const sent = await post(t.app, m.cookie, second);
    expect(sent.statusCode, sent.body).toBe(200);
    const secondCode = newestCode();

    const answers = await Promise.all([
      post(t.app, m.cookie, { ...first, otp: firstCode }),
      post(other.app, m.cookie, { ...second, otp: secondCode }),
    ]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses, answers.map((r) => r.body).join('\n')).toEqual([200, 422]);
    expect(errorOf(answers.find((r) => r.statusCode === 422)!).code).toBe('direct_debit_limit');

    const made = await t.database.db.select().from(payments).where(eq(payments.userId, userId));
    expect(made.map((p) => [p.status, p.amount])).toEqual([['paid', 8995]]);
    // The refused order's request is left unused, as any refused confirmation leaves it.
    const requests = await t.database.db.select().from(directDebitRequests).where(eq(directDebitRequests.userId, userId));
    expect(requests.filter((r) => r.paymentId !== null).map((r) => r.paymentId)).toEqual([made[0]!.id]);
  });
});
