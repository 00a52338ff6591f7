/** GET /api/credits-history.php: the logged-in member's own ledger, newest first, paged. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCreditHistoryAnswer } from '@cupido/shared/contracts/credits';
import { activeMember, createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { changeCredits } from './service';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const history = (query: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/credits-history.php${query}`, headers: cookie ? { cookie } : {} });

async function spend(userId: number, count: number) {
  for (let index = 0; index < count; index++) {
    t.clock.advance(60_000);
    await t.database.db.transaction((tx) =>
      changeCredits(tx, {
        userId,
        amount: -1,
        kind: 'message',
        idempotencyKey: `message:${index}`,
        reference: `message:${index}`,
        now: t.clock(),
      }),
    );
  }
}

describe('GET /api/credits-history.php', () => {
  it('needs a session', async () => {
    const response = await history('');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('authentication_required');
  });

  it("answers the member's entries newest first, in pages, with the balance the user view shows", async () => {
    const member = await activeMember(t);
    await spend(member.user.id, 14);
    const first = await history('?limit=10', member.cookie);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = ZCreditHistoryAnswer.parse(first.json());
    // The demo site grants 20 signup credits on activation; 14 messages later 6 are left.
    expect(page1.balance).toBe(6);
    expect(page1.entries).toHaveLength(10);
    expect(page1.entries[0]).toMatchObject({ kind: 'message', amount: -1, balance_after: 6 });
    expect(page1.entries[0]!.created_at).toBe(t.clock().toISOString());
    expect(page1.next_before).toBe(page1.entries[9]!.id);

    const page2 = ZCreditHistoryAnswer.parse((await history(`?limit=10&before=${page1.next_before}`, member.cookie)).json());
    expect(page2.entries.map((entry) => entry.balance_after)).toEqual([16, 17, 18, 19, 20]);
    expect(page2.entries[4]).toMatchObject({ kind: 'signup_credits', amount: 20, balance_after: 20 });
    expect(page2.next_before).toBeNull();
    const ids = [...page1.entries, ...page2.entries].map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    // A route that changes credits drops the member's cached session lookup after committing, as here.
    t.app.forgetMemberSessions(member.user.id);
    const me = (await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: member.cookie } })).json().user;
    expect(me.credits).toBe(6);
    // Without a limit: the default page of 20 holds all 15.
    expect(ZCreditHistoryAnswer.parse((await history('', member.cookie)).json()).entries).toHaveLength(15);
  });

  it("shows only the member's own entries, whatever `before` is given", async () => {
    const owner = await activeMember(t);
    await spend(owner.user.id, 3);
    const other = await activeMember(t);
    const answer = ZCreditHistoryAnswer.parse((await history('?before=2147483647', other.cookie)).json());
    expect(answer.entries).toHaveLength(1);
    expect(answer.entries[0]).toMatchObject({ kind: 'signup_credits', amount: 20, balance_after: 20 });
    expect(answer.balance).toBe(20);
  });

  it('refuses a page size or position that is not a whole number in range, in the member language', async () => {
    const member = await activeMember(t);
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?before=0', '?before=2147483648', '?before=1.5']) {
      const response = await history(`${query}&locale=de`, member.cookie);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).code).toBe('invalid_request');
    }
  });
});
