import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { activeMember, createAccountsTestApp, createSite, type AccountsTestApp } from '../test/accounts-kit';
import { users } from '../db/schema';
import { MEMBER_BY_SESSION_STATEMENT } from '../features/accounts/sessions';
import { MEMBER_CHANGED_CHANNEL, MEMBER_VIEW_EVENTS } from './session';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
  await createSite(t, 'other.session.test', { name: 'Other Dating' });
});
afterAll(() => t.close());

const userOf = (cookie: string, domain = 'localhost') =>
  t.app
    .inject({ method: 'GET', url: `/api/user.php?domain=${domain}`, headers: { cookie } })
    .then((response) => response.json().user as { email: string } | null);

describe('session lookups arriving together', () => {
  it('answer each request its own member, only on the session’s own site', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => activeMember(t)));
    // Not from the per-process cache: these lookups go to the database, together (one statement
    // over arrays, plugins/session.ts), and must not be mixed up.
    for (const member of members) t.app.forgetMemberSessions(member.user.id);
    const answers = await Promise.all([
      ...members.map((member) => userOf(member.cookie)),
      userOf(members[0]!.cookie, 'other.session.test'),
      userOf('auth.session=not-a-session'),
      ...members.map((member) => userOf(member.cookie)),
    ]);
    const emails = members.map((member) => member.body.email);
    expect(answers.map((user) => user?.email ?? null)).toEqual([...emails, null, null, ...emails]);
  });
});

/**
 * A lookup that comes alone runs on a plan PostgreSQL made once per connection (decision 072): the
 * array form was planned anew at every run, which cost more of PostgreSQL's CPU than running it.
 * PostgreSQL only: PGlite's driver keeps no named statements to read the plans of.
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)('a session lookup that comes alone', () => {
  it('is planned a few times per connection, then runs on its saved plan', async () => {
    const member = await activeMember(t);
    const lookups = 20;
    for (let run = 0; run < lookups; run += 1) {
      t.app.forgetMemberSessions(member.user.id);
      expect((await userOf(member.cookie))?.email).toBe(member.body.email);
    }
    // One statement per pool connection at once (the test pool holds 4): together they read every connection's plans.
    const plans = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.database.db.execute(
          sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = ${MEMBER_BY_SESSION_STATEMENT}`,
        ),
      ),
    );
    const rows = plans.flatMap((result) => (result as unknown as { rows: { generic: number; custom: number }[] }).rows);
    const generic = rows.reduce((sum, row) => sum + row.generic, 0);
    const custom = rows.reduce((sum, row) => sum + row.custom, 0);
    // PostgreSQL makes five custom plans on a connection before it weighs the generic one.
    expect(generic + custom).toBeGreaterThanOrEqual(lookups);
    expect(custom).toBeLessThanOrEqual(5 * rows.length);
    expect(generic).toBeGreaterThanOrEqual(lookups - 5 * rows.length);
  });
});

/**
 * Resolves once the broker has delivered every member-changed message published before it (one
 * publisher keeps its order, in Redis and in process). Signup and activation tell every process,
 * this one too, to drop the new member's lookups; a drop arriving after the test filled the
 * cache would read as a drop by the event under test.
 */
async function memberMessagesDelivered(): Promise<void> {
  const marker = randomUUID();
  await new Promise<void>((resolve, reject) => {
    t.app.broker
      .subscribe(MEMBER_CHANGED_CHANNEL, (message) => {
        if ((message as { marker?: string } | null)?.marker === marker) resolve();
      })
      .then(() => t.app.broker.publish(MEMBER_CHANGED_CHANNEL, { marker }))
      .catch(reject);
  });
}

describe('the cached member view after a fact that changes it', () => {
  const paidUserOf = (cookie: string) =>
    t.app
      .inject({ method: 'GET', url: '/api/user.php?domain=localhost', headers: { cookie } })
      .then((response) => (response.json().user as { paid_user: boolean }).paid_user);

  it('is dropped by the session’s after-commit handler of each member-view event (issue 33), not by a call beside the publish', async () => {
    for (const type of MEMBER_VIEW_EVENTS) {
      expect(t.app.events.handlersOf(type)).toContain("session: drop the member's cached lookups");
    }
    const member = await activeMember(t);
    await memberMessagesDelivered();
    expect(await paidUserOf(member.cookie)).toBe(false);
    // Changed without an event: the cached lookup still answers for MEMBER_CACHE_MS.
    await t.database.db.update(users).set({ paidUser: true }).where(eq(users.id, member.user.id));
    expect(await paidUserOf(member.cookie)).toBe(false);
    // The same row change committed with a member-view event: the next call reads it.
    await t.app.events.transaction(t.database.db, async (tx) => {
      await tx.update(users).set({ paidUser: true }).where(eq(users.id, member.user.id));
      await t.app.events.publish(tx, { type: 'account.reactivated', userId: member.user.id, profileId: null });
    });
    expect(await paidUserOf(member.cookie)).toBe(true);
  });
});
