/**
 * The operator console's queue and answer screen (issue 15): oldest first, by site and by the
 * member's language, keyset pages with the waiting count, the preview of the member's last text,
 * claims shown (lapsed ones as none); the answer screen with both profiles as members see them,
 * the note (shared, the holder writes it), the vulnerability flag from the member's messages and
 * from staff, and the spending reminder in the member's chat once flagged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_SPENDING_REMINDER,
  OPERATOR_QUEUE_PAGE_SIZE,
  ZOperatorNoteAnswer,
  ZOperatorVulnerableAnswer,
} from '@cupido/shared/contracts/operator-console';
import { conversations } from '../../db/schema';
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

/** Makes the conversations wait since these minutes before now (the queue orders by it). */
async function waitingFor(conversationId: number, minutes: number) {
  await t.database.db
    .update(conversations)
    .set({ awaitingStaffSince: new Date(t.clock().getTime() - minutes * MINUTE) })
    .where(eq(conversations.id, conversationId));
}

describe('the queue', () => {
  it("lists a site's waiting conversations oldest first, with preview, waiting time, claim and count", async () => {
    const { siteId, members, fictionalId, conversations: ids } = await kit.waitingSite(3);
    await waitingFor(ids[0]!, 5);
    await waitingFor(ids[1]!, 30);
    await waitingFor(ids[2]!, 10);
    const [anna, ben] = [await kit.operator(), await kit.operator()];
    expect((await kit.claim(ben, ids[2]!)).statusCode).toBe(200);

    const queue = await kit.queue(anna, `site_id=${siteId}`);
    expect(queue.items.map((item) => item.conversation_id)).toEqual([ids[1], ids[2], ids[0]]);
    expect(queue.waiting).toBe(3);
    expect(queue.next).toBeNull();
    expect(queue.oldest_waiting_since).toBe(new Date(t.clock().getTime() - 30 * MINUTE).toISOString());
    const first = queue.items[0]!;
    expect(first).toMatchObject({
      site_id: siteId,
      language: 'en',
      waiting_seconds: 30 * 60,
      fictional: { profile_id: fictionalId, name: 'Lola' },
      member: { profile_id: members[1]!.profileId },
      preview: `Hello from ${members[1]!.profileId}`,
      claim: null,
      vulnerable: false,
    });
    expect(queue.items[1]!.claim).toMatchObject({ staff_id: ben.id, staff_name: ben.name, mine: false });

    // A lapsed claim shows as none.
    t.clock.advance(6 * MINUTE);
    expect((await kit.queue(anna, `site_id=${siteId}`)).items[1]!.claim).toBeNull();
  });

  it("filters by the member's language", async () => {
    const { siteId, members, conversations: ids } = await kit.waitingSite(3);
    await kit.setLanguage(members[0]!, 'de');
    await kit.setLanguage(members[2]!, 'de');
    const operator = await kit.operator();
    const german = await kit.queue(operator, `site_id=${siteId}&language=de`);
    expect(german.items.map((item) => item.conversation_id).sort()).toEqual([ids[0], ids[2]].sort());
    expect(german.items.every((item) => item.language === 'de')).toBe(true);
    expect(german.waiting).toBe(2);
    expect((await kit.queue(operator, `site_id=${siteId}&language=en`)).items.map((item) => item.conversation_id)).toEqual([ids[1]]);
    expect((await kit.queue(operator, `site_id=${siteId}&language=pl`)).items).toEqual([]);
  });

  it('pages with the cursor, each conversation once', async () => {
    const count = OPERATOR_QUEUE_PAGE_SIZE + 3;
    const { siteId, conversations: ids } = await kit.waitingSite(count);
    // Two waiting since the same instant: the id breaks the tie.
    for (let i = 0; i < ids.length; i++) await waitingFor(ids[i]!, count - Math.max(i, 1));
    const operator = await kit.operator();
    const first = await kit.queue(operator, `site_id=${siteId}`);
    expect(first.items).toHaveLength(OPERATOR_QUEUE_PAGE_SIZE);
    expect(first.waiting).toBe(count);
    expect(first.next).not.toBeNull();
    const second = await kit.queue(operator, `site_id=${siteId}&after=${encodeURIComponent(first.next!)}`);
    expect(second.next).toBeNull();
    expect([...first.items, ...second.items].map((item) => item.conversation_id)).toEqual(ids);
  }, 90_000); // Writes a page and a half of waiting conversations one by one: slow on a loaded CI machine.
});

describe('the answer screen', () => {
  it('shows both profiles, the note shared between operators, written by the holder', async () => {
    const {
      conversations: [conversation],
      members,
      fictionalId,
    } = await kit.waitingSite(1);
    const [anna, ben] = [await kit.operator(), await kit.operator()];
    const view = await kit.view(anna, conversation!);
    expect(view.fictional.profile_id).toBe(fictionalId);
    expect(view.member.profile_id).toBe(members[0]!.profileId);
    expect(view.messages).toMatchObject([{ from: 'member', text: `Hello from ${members[0]!.profileId}`, staff: null }]);
    expect(view.claim).toBeNull();
    expect(view.note).toBeNull();

    expect(errorOf(await kit.note(anna, conversation!, 'Has a dog called Max.'))).toMatchObject({ code: 'claim_required' });
    expect((await kit.claim(anna, conversation!)).statusCode).toBe(200);
    const saved = await kit.note(anna, conversation!, '  Has a dog called Max.  ');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZOperatorNoteAnswer.parse(saved.json()).note).toMatchObject({
      body: 'Has a dog called Max.',
      updated_by: { id: anna.id, name: anna.name },
    });
    expect((await kit.view(ben, conversation!)).note?.body).toBe('Has a dog called Max.');
    const deleted = await kit.note(anna, conversation!, '');
    expect(ZOperatorNoteAnswer.parse(deleted.json()).note).toBeNull();
    expect((await kit.view(ben, conversation!)).note).toBeNull();
  });

  it('flags a vulnerable member from their messages and by staff, and reminds them of the spending limits', async () => {
    const {
      domain,
      siteId,
      members,
      fictionalId,
      conversations: [conversation],
    } = await kit.waitingSite(1);
    const member = members[0]!;
    const operator = await kit.operator();
    expect((await kit.view(operator, conversation!)).vulnerable).toEqual({ flagged: false, signals: [], marked_by_staff: false });
    expect((await kit.chats.chat(domain, member.cookie, `conversation=${conversation}`)).spending_reminder).toBeNull();

    await kit.chats.sent(domain, member.cookie, fictionalId, 'I am broke and in debt, but I keep writing to you');
    const flagged = await kit.view(operator, conversation!);
    expect(flagged.vulnerable).toEqual({ flagged: true, signals: ['money_trouble'], marked_by_staff: false });
    expect(flagged.spending_reminder).toBe(DEFAULT_SPENDING_REMINDER.en);
    expect((await kit.queue(operator, `site_id=${siteId}`)).items.find((item) => item.conversation_id === conversation)?.vulnerable).toBe(
      true,
    );
    expect((await kit.chats.chat(domain, member.cookie, `conversation=${conversation}`)).spending_reminder).toBe(
      DEFAULT_SPENDING_REMINDER.en,
    );

    const marked = await kit.markVulnerable(operator, conversation!, true);
    expect(ZOperatorVulnerableAnswer.parse(marked.json()).vulnerable).toEqual({
      flagged: true,
      signals: ['money_trouble'],
      marked_by_staff: true,
    });
    // Unmarking keeps the signals found in the messages.
    const unmarked = await kit.markVulnerable(operator, conversation!, false);
    expect(ZOperatorVulnerableAnswer.parse(unmarked.json()).vulnerable).toEqual({
      flagged: true,
      signals: ['money_trouble'],
      marked_by_staff: false,
    });
  });

  it('flags a member marked by staff alone, and unflags them again', async () => {
    const {
      domain,
      members,
      conversations: [conversation],
    } = await kit.waitingSite(1);
    const operator = await kit.operator();
    await kit.markVulnerable(operator, conversation!, true);
    expect((await kit.chats.chat(domain, members[0]!.cookie, `conversation=${conversation}`)).spending_reminder).toBe(
      DEFAULT_SPENDING_REMINDER.en,
    );
    await kit.markVulnerable(operator, conversation!, false);
    expect((await kit.view(operator, conversation!)).vulnerable.flagged).toBe(false);
    expect((await kit.chats.chat(domain, members[0]!.cookie, `conversation=${conversation}`)).spending_reminder).toBeNull();
  });
});
