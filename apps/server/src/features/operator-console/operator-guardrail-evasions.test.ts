/**
 * Finding 4 of issue 27 through the answer call: the guardrails judge a reply as a reader sees it
 * (spaced, dotted, look-alike and leetspeak letters, digits of other scripts, spelled-out
 * addresses), with the same error codes and the words as typed; the member's is-this-real
 * question however phrased makes the honest answer due, and a reply denying the fiction is
 * refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_HONEST_ANSWER } from '@cupido/shared/contracts/operator-console';
import { messages } from '../../db/schema';
import { createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { operatorKit } from './test/operator-test-kit';

let t: AccountsTestApp;
let kit: ReturnType<typeof operatorKit>;

beforeAll(async () => {
  t = await createAccountsTestApp();
  kit = operatorKit(t);
});
afterAll(async () => {
  await t.close();
});

describe('the guardrails as a reader sees the reply', () => {
  it('refuses hidden meetings and contact details with the rule and the words as typed, and sends nothing', async () => {
    const {
      conversations: [conversation],
    } = await kit.waitingSite(1);
    const operator = await kit.operator();
    expect((await kit.claim(operator, conversation!)).statusCode).toBe(200);
    const cases: [text: string, code: string, match: string][] = [
      ['ok, m.e.e.t?', 'reply_refused_meeting', 'm.e.e.t'],
      ['w h a t s a p p', 'reply_refused_messenger', 'w h a t s a p p'],
      ['my ig: johnny99', 'reply_refused_messenger', 'my ig: johnny99'],
      ['call ٠٦١٢٣٤٥٦٧٨', 'reply_refused_phone', '٠٦١٢٣٤٥٦٧٨'],
      ['john at gmail', 'reply_refused_email', 'john at gmail'],
      ['see hxxps://johnny.example', 'reply_refused_link', 'hxxps://johnny.example'],
    ];
    for (const [text, code, match] of cases) {
      const refused = await kit.answer(operator, conversation!, text);
      expect(refused.statusCode, text).toBe(400);
      expect(errorOf(refused), text).toMatchObject({ code, field: 'text' });
      expect(errorOf(refused).message, text).toContain(match);
    }
    expect(await t.database.db.select().from(messages).where(eq(messages.conversationId, conversation!))).toHaveLength(1);
    // Look-alikes of the words go.
    expect((await kit.answer(operator, conversation!, 'the signal on my phone is bad, I met my sister yesterday')).statusCode).toBe(200);
  });

  it('makes the honest answer due after "is this really you or an employee writing?" and refuses "of course I am real"', async () => {
    const {
      domain,
      members,
      fictionalId,
      conversations: [conversation],
    } = await kit.waitingSite(1);
    await kit.chats.sent(domain, members[0]!.cookie, fictionalId, 'is this really you or an employee writing?');
    const operator = await kit.operator();
    expect((await kit.view(operator, conversation!)).honest_answer_due).toBe(true);
    expect((await kit.claim(operator, conversation!)).statusCode).toBe(200);
    const denial = await kit.answer(operator, conversation!, 'of course I am real');
    expect(denial.statusCode).toBe(409);
    expect(errorOf(denial)).toMatchObject({ code: 'honest_answer_required', field: 'text' });
    expect((await kit.answer(operator, conversation!, DEFAULT_HONEST_ANSWER.en)).statusCode).toBe(200);
  });

  it('refuses a reply that denies being fictional even when no question was recognised', async () => {
    const {
      conversations: [conversation],
    } = await kit.waitingSite(1);
    const operator = await kit.operator();
    expect((await kit.view(operator, conversation!)).honest_answer_due).toBe(false);
    expect((await kit.claim(operator, conversation!)).statusCode).toBe(200);
    for (const denial of ["I'm not a bot", 'natuurlijk ben ik echt', 'ich bin echt, versprochen']) {
      const refused = await kit.answer(operator, conversation!, denial);
      expect(refused.statusCode, denial).toBe(409);
      expect(errorOf(refused).code, denial).toBe('honest_answer_required');
    }
    expect((await kit.answer(operator, conversation!, "I'm really happy you wrote")).statusCode).toBe(200);
  });
});
