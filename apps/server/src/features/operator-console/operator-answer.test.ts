/**
 * Answers of the operator console (issue 15): the claim holder's message is stored as the
 * fictional profile with the staff id, costs nothing, takes the conversation out of the queue
 * (with its answer row and audit entry), reaches the member's open socket at once; a retry of
 * the same client id sends once; the guardrails refuse meetings and contact details; the
 * is-this-real question forces the site's honest answer; chat rules hold for staff (blocks).
 * The set of console routes has no call to fake views, likes or online states.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_HONEST_ANSWER, ZOperatorSendAnswer } from '@cupido/shared/contracts/operator-console';
import { auditLog, conversations, messages, operatorAnswers, operatorClaims } from '../../db/schema';
import { createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { baseUrlOf, closeAll, openLiveReady, type LiveClient } from '../live/test/live-test-kit';
import { SIGNUP_CREDITS } from '../chats/test/chats-test-kit';
import { operatorKit } from './test/operator-test-kit';

let t: AccountsTestApp;
let kit: ReturnType<typeof operatorKit>;
let base: string;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await createAccountsTestApp();
  kit = operatorKit(t);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = baseUrlOf(t.app);
});
afterAll(async () => {
  await closeAll(clients);
  await t.close();
});

describe('answering as the fictional profile', () => {
  it('stores the message with the staff id, free, out of the queue, and delivers it to the member at once', async () => {
    const {
      domain,
      siteId,
      members,
      fictionalId,
      conversations: [conversation],
    } = await kit.waitingSite(1, { messageCredits: 2 });
    const member = members[0]!;
    const balance = await kit.chats.balanceOf(member);
    expect(balance).toBe(SIGNUP_CREDITS - 2);
    const socket = await openLiveReady(base, { cookie: member.cookie, query: `?domain=${domain}` });
    clients.push(socket);
    const operator = await kit.operator();
    expect((await kit.queue(operator, `site_id=${siteId}`)).items.map((item) => item.conversation_id)).toEqual([conversation]);

    expect((await kit.claim(operator, conversation!)).statusCode).toBe(200);
    const clientId = randomUUID();
    const response = await kit.answer(operator, conversation!, '  Hi! Lovely to hear from you.  ', clientId);
    expect(response.statusCode, response.body).toBe(200);
    const sent = ZOperatorSendAnswer.parse(response.json());
    expect(sent).toMatchObject({
      message: { from: 'fictional', kind: 'text', text: 'Hi! Lovely to hear from you.', staff: { id: operator.id, name: operator.name } },
      waiting_since: null,
    });

    const frame = await socket.waitFor((f) => f.type === 'message' && f.message.id === sent.message.id);
    expect(frame).toMatchObject({ type: 'message', message: { text: 'Hi! Lovely to hear from you.', from_me: false } });
    expect(JSON.stringify(frame)).not.toContain(operator.name);

    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, sent.message.id));
    expect(row).toMatchObject({ senderProfileId: fictionalId, staffUserId: operator.id, credits: 0, clientId });
    expect(await kit.chats.balanceOf(member)).toBe(balance);
    const [after] = await t.database.db.select().from(conversations).where(eq(conversations.id, conversation!));
    expect(after).toMatchObject({ awaitingStaffSince: null, lastMessageId: sent.message.id });
    expect((await kit.queue(operator, `site_id=${siteId}`)).items).toEqual([]);
    expect(await t.database.db.select().from(operatorClaims).where(eq(operatorClaims.conversationId, conversation!))).toEqual([]);
    const answers = await t.database.db.select().from(operatorAnswers).where(eq(operatorAnswers.conversationId, conversation!));
    expect(answers).toMatchObject([{ staffId: operator.id, messageId: sent.message.id, siteId }]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'operator.message'), eq(auditLog.itemId, String(conversation))));
    expect(audit).toMatchObject([
      { staffId: operator.id, after: { message_id: sent.message.id, staff_id: operator.id, fictional_profile_id: fictionalId } },
    ]);

    // The member's chat shows it, from the fictional profile (no staff name for members).
    const chat = await kit.chats.chat(domain, member.cookie, `conversation=${conversation}`);
    expect(chat.messages.at(-1)).toMatchObject({ id: sent.message.id, from_me: false, text: 'Hi! Lovely to hear from you.' });
    expect(chat.partner.fictional).not.toBeNull();

    // The same client id again answers the stored message: no second message, no second answer row.
    const again = await kit.answer(operator, conversation!, 'Hi! Lovely to hear from you.', clientId);
    expect(again.statusCode, again.body).toBe(200);
    expect(ZOperatorSendAnswer.parse(again.json()).message.id).toBe(sent.message.id);
    expect(await t.database.db.select().from(messages).where(eq(messages.staffUserId, operator.id))).toHaveLength(1);
    expect(await t.database.db.select().from(operatorAnswers).where(eq(operatorAnswers.conversationId, conversation!))).toHaveLength(1);
  });

  it('lets only the claim holder answer', async () => {
    const {
      conversations: [conversation],
    } = await kit.waitingSite(1);
    const [anna, ben] = [await kit.operator(), await kit.operator()];
    expect(errorOf(await kit.answer(anna, conversation!, 'Hello'))).toMatchObject({ code: 'claim_required' });
    expect((await kit.claim(anna, conversation!)).statusCode).toBe(200);
    const refused = await kit.answer(ben, conversation!, 'Hello');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('claim_required');
  });

  it('refuses a meeting and contact details, with the rule and the words that broke it', async () => {
    const {
      conversations: [conversation],
    } = await kit.waitingSite(1);
    const operator = await kit.operator();
    expect((await kit.claim(operator, conversation!)).statusCode).toBe(200);
    const phone = await kit.answer(operator, conversation!, 'Call me on +31 6 12345678 tonight');
    expect(phone.statusCode).toBe(400);
    expect(errorOf(phone)).toMatchObject({ code: 'reply_refused_phone', field: 'text' });
    expect(errorOf(phone).message).toContain('+31 6 12345678');
    const meeting = await kit.answer(operator, conversation!, "Let's meet at the station tomorrow at eight");
    expect(errorOf(meeting)).toMatchObject({ code: 'reply_refused_meeting', field: 'text' });
    const email = await kit.answer(operator, conversation!, 'Write to lola@example.com');
    expect(errorOf(email)).toMatchObject({ code: 'reply_refused_email' });
    expect(await t.database.db.select().from(messages).where(eq(messages.conversationId, conversation!))).toHaveLength(1);
  });

  it('forces the honest answer after the member asks whether the profile is real', async () => {
    const {
      domain,
      siteId,
      members,
      fictionalId,
      conversations: [conversation],
    } = await kit.waitingSite(1);
    await kit.chats.sent(domain, members[0]!.cookie, fictionalId, 'Are you a real person?');
    const operator = await kit.operator();
    const view = await kit.view(operator, conversation!);
    expect(view.honest_answer_due).toBe(true);
    expect(view.honest_answer.text).toBe(DEFAULT_HONEST_ANSWER.en);
    expect(view.honest_answer.translations.de).toBe(DEFAULT_HONEST_ANSWER.de);
    expect(view.site_id).toBe(siteId);

    expect((await kit.claim(operator, conversation!)).statusCode).toBe(200);
    const dodge = await kit.answer(operator, conversation!, 'Of course I am, silly!');
    expect(dodge.statusCode).toBe(409);
    expect(errorOf(dodge)).toMatchObject({ code: 'honest_answer_required', field: 'text' });
    // The honest answer, in another of the site's languages and with other spacing and case, goes.
    const honest = await kit.answer(operator, conversation!, `  ${DEFAULT_HONEST_ANSWER.de.toUpperCase().replace(/ /g, '  ')} `);
    expect(honest.statusCode, honest.body).toBe(200);
    expect((await kit.view(operator, conversation!)).honest_answer_due).toBe(false);
    expect((await kit.claim(operator, conversation!)).statusCode).toBe(200);
    expect((await kit.answer(operator, conversation!, 'Anything else you would like to know?')).statusCode).toBe(200);
  });

  it('keeps the chat rules for staff: a blocked pair cannot be answered', async () => {
    const {
      domain,
      members,
      fictionalId,
      conversations: [conversation],
    } = await kit.waitingSite(1);
    const operator = await kit.operator();
    expect((await kit.claim(operator, conversation!)).statusCode).toBe(200);
    await kit.chats.block(domain, members[0]!.cookie, fictionalId);
    // The block deleted the conversation (chats' handler): nothing to answer.
    expect((await kit.answer(operator, conversation!, 'Hello?')).statusCode).toBe(404);
  });

  it('refuses to answer a member whose account is gone or waits for deletion', async () => {
    const {
      members,
      conversations: [conversation],
    } = await kit.waitingSite(1);
    const operator = await kit.operator();
    expect((await kit.claim(operator, conversation!)).statusCode).toBe(200);
    await kit.chats.setProfile(members[0]!.profileId, { accountUsable: false });
    const refused = await kit.answer(operator, conversation!, 'Hello?');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('member_gone');
    expect(await t.database.db.select().from(messages).where(eq(messages.conversationId, conversation!))).toHaveLength(1);
  });

  it('offers no call to fake views, likes or online states', () => {
    // Every route of the app is in the OpenAPI document (hidden ones aside: none under /admin/api/operator).
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const listed = new Set<string>();
    for (const [url, methods] of Object.entries(paths)) {
      if (!url.startsWith('/admin/api/operator')) continue;
      for (const method of Object.keys(methods)) listed.add(`${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`);
    }
    expect([...listed].sort()).toEqual(
      [
        'GET /admin/api/operator/queue',
        'GET /admin/api/operator/conversations/:id',
        'GET /admin/api/operator/conversations/:id/images/:message',
        'POST /admin/api/operator/conversations/:id/claim',
        'DELETE /admin/api/operator/conversations/:id/claim',
        'POST /admin/api/operator/conversations/:id/messages',
        'PUT /admin/api/operator/conversations/:id/note',
        'PUT /admin/api/operator/conversations/:id/vulnerable',
      ].sort(),
    );
  });
});
