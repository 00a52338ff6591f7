/**
 * Claims of the operator console (issue 15): exclusive in every process (one row per
 * conversation; 50 operators claiming one conversation at once give exactly one winner, on
 * PostgreSQL a real race), lapsing after the site's idle minutes, renewed by the holder's calls,
 * given back on leaving, and only for conversations of a fictional profile that wait or were just
 * answered. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZOperatorClaim } from '@cupido/shared/contracts/operator-console';
import { operatorClaims } from '../../db/schema';
import { createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { operatorKit } from './test/operator-test-kit';

let t: AccountsTestApp;
let kit: ReturnType<typeof operatorKit>;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createAccountsTestApp();
  kit = operatorKit(t);
});
afterAll(() => t.close());

describe('claims', () => {
  it('gives a conversation to one operator and refuses another, naming the holder', async () => {
    const {
      conversations: [conversation],
    } = await kit.waitingSite(1);
    const [anna, ben] = [await kit.operator(), await kit.operator()];
    const first = await kit.claim(anna, conversation!);
    expect(first.statusCode, first.body).toBe(200);
    expect(ZOperatorClaim.parse(first.json())).toMatchObject({
      conversation_id: conversation,
      staff_id: anna.id,
      staff_name: anna.name,
      mine: true,
    });

    const second = await kit.claim(ben, conversation!);
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({ code: 'conversation_taken', field: 'conversation' });
    expect(errorOf(second).message).toContain(anna.name);
    expect((await kit.view(ben, conversation!)).claim).toMatchObject({ staff_id: anna.id, mine: false });

    // Claiming again renews one's own claim.
    expect((await kit.claim(anna, conversation!)).statusCode).toBe(200);
  });

  it("lets another operator take a claim once it has lapsed (the site's idle minutes)", async () => {
    const {
      conversations: [conversation],
    } = await kit.waitingSite(1, { operatorClaimIdleMinutes: 3 });
    const [anna, ben] = [await kit.operator(), await kit.operator()];
    expect((await kit.claim(anna, conversation!)).statusCode).toBe(200);

    t.clock.advance(2 * MINUTE);
    // The holder's call renews the claim: three minutes from now again.
    await kit.view(anna, conversation!);
    t.clock.advance(2 * MINUTE);
    expect((await kit.claim(ben, conversation!)).statusCode).toBe(409);

    t.clock.advance(2 * MINUTE);
    expect((await kit.view(ben, conversation!)).claim).toBeNull();
    const taken = await kit.claim(ben, conversation!);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(ZOperatorClaim.parse(taken.json())).toMatchObject({ staff_id: ben.id, mine: true });
    expect((await kit.claim(anna, conversation!)).statusCode).toBe(409);
    // Anna's lapsed claim is gone: she may not answer.
    expect(errorOf(await kit.answer(anna, conversation!, 'Still here?'))).toMatchObject({ code: 'claim_required' });
  });

  it('gives one conversation to exactly one of 50 operators claiming at once', async () => {
    const {
      conversations: [conversation],
    } = await kit.waitingSite(1);
    const staff = [];
    for (let i = 0; i < 50; i++) staff.push(await kit.operator());
    const answers = await Promise.all(staff.map((operator) => kit.claim(operator, conversation!)));
    const won = answers.filter((answer) => answer.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => errorOf(answer).code)).toEqual(
      Array(49).fill('conversation_taken'),
    );
    const rows = await t.database.db.select().from(operatorClaims).where(eq(operatorClaims.conversationId, conversation!));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.staffId).toBe(ZOperatorClaim.parse(won[0]!.json()).staff_id);
  });

  it("gives back only one's own claim", async () => {
    const {
      conversations: [conversation],
    } = await kit.waitingSite(1);
    const [anna, ben] = [await kit.operator(), await kit.operator()];
    expect((await kit.claim(anna, conversation!)).statusCode).toBe(200);
    expect((await kit.release(ben, conversation!)).statusCode).toBe(200);
    expect((await kit.claim(ben, conversation!)).statusCode).toBe(409);
    expect((await kit.release(anna, conversation!)).statusCode).toBe(200);
    expect((await kit.claim(ben, conversation!)).statusCode).toBe(200);
  });

  it('claims only conversations of a fictional profile that wait or were just answered', async () => {
    const {
      domain,
      members,
      conversations: [conversation],
    } = await kit.waitingSite(2);
    const anna = await kit.operator();
    // Two members' conversation has no fictional side: 404.
    const between = await kit.chats.sent(domain, members[0]!.cookie, members[1]!.profileId, 'Hi');
    expect((await kit.claim(anna, between.message.conversation.id)).statusCode).toBe(404);
    expect((await kit.claim(anna, 2_000_000_000)).statusCode).toBe(404);

    expect((await kit.claim(anna, conversation!)).statusCode).toBe(200);
    expect((await kit.answer(anna, conversation!, 'Hello to you too!')).statusCode).toBe(200);
    // Just answered: a second message may follow.
    expect((await kit.claim(anna, conversation!)).statusCode).toBe(200);
    expect((await kit.release(anna, conversation!)).statusCode).toBe(200);
    t.clock.advance(25 * 60 * MINUTE);
    // A new session (staff sessions end within a day).
    const late = await kit.claim(await kit.operator(), conversation!);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('conversation_not_waiting');
  });
});
