/**
 * What happens to conversations when accounts change (issue 12; decision 021 events): hidden on
 * both sides while an account waits for its deletion and shown again on reactivation; deleted
 * with their messages when the account is erased. Also the report of a message and the chats
 * part of "Download my data". Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, or } from 'drizzle-orm';
import { ZPersonalDataExport } from '@cupido/shared/contracts/personal-data';
import { conversations, messages, reports } from '../../db/schema';
import { createAccountsTestApp, errorOf, linkPath, nextIp, sessionCookieOf, type AccountsTestApp } from '../../test/accounts-kit';
import { eraseExpiredAccounts } from '../accounts/deletion';
import { get, send } from '../profiles/test/profiles-test-kit';
import { chatKit, statusAndCode, type Member } from './test/chats-test-kit';

let t: AccountsTestApp;
let kit: ReturnType<typeof chatKit>;
beforeAll(async () => {
  t = await createAccountsTestApp();
  kit = chatKit(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;

async function requestDeletion(domain: string, member: Member) {
  t.smtp.clear();
  const deletion = await t.app.inject({
    method: 'POST',
    url: `/api/delete-account.php?domain=${domain}`,
    payload: { reason: 'other', confirm: true, current_password: member.body.password },
    headers: { cookie: member.cookie },
    remoteAddress: nextIp(),
  });
  expect(deletion.json()).toEqual({ ok: true });
}

describe('account deletion', () => {
  it("hides the member's conversations on both sides while the account waits, and shows them again on reactivation", async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, members } = await kit.siteWith(3);
    const [anna, ben, carla] = members as [Member, Member, Member];
    await kit.sent(domain, ben.cookie, anna.profileId, 'from Ben');
    t.clock.advance(1000);
    await kit.sent(domain, carla.cookie, anna.profileId, 'from Carla');
    expect((await kit.chats(domain, anna.cookie)).unread_total).toBe(2);

    await requestDeletion(domain, ben);
    expect(await kit.chats(domain, anna.cookie)).toMatchObject({ unread_total: 1, chats: [{ profile: carla.profileId }] });
    expect(statusAndCode(await kit.message(domain, anna.cookie, ben.profileId, 'Ben?'))).toEqual([404, 'profile_not_found']);

    const mail = await t.smtp.waitForMail(ben.body.email);
    expect((await t.app.inject({ method: 'GET', url: `${linkPath(mail, '/api/reactivate.php')}&domain=${domain}` })).statusCode).toBe(302);
    expect((await kit.chats(domain, anna.cookie)).chats.map((c) => c.profile)).toEqual([carla.profileId, ben.profileId]);
  });

  it("keeps a conversation hidden on reactivation while the other member's account still waits", async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, members } = await kit.siteWith(2);
    const [anna, ben] = members as [Member, Member];
    await kit.sent(domain, ben.cookie, anna.profileId, 'Hi');
    await requestDeletion(domain, ben);
    const mail = await t.smtp.waitForMail(ben.body.email);
    await requestDeletion(domain, anna);
    await t.app.inject({ method: 'GET', url: `${linkPath(mail, '/api/reactivate.php')}&domain=${domain}` });
    const login = await t.app.inject({
      method: 'POST',
      url: `/api/user.php?domain=${domain}`,
      payload: { email: ben.body.email, password: ben.body.password },
    });
    // Ben is back, Anna still waits: Ben does not see their conversation.
    expect((await kit.chats(domain, sessionCookieOf(login))).chats).toEqual([]);
  });

  it("deletes the erased member's conversations and messages, for the partners too", async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, members } = await kit.siteWith(2);
    const [anna, ben] = members as [Member, Member];
    const sent = await kit.sent(domain, anna.cookie, ben.profileId, 'Hi Ben');
    await kit.sent(domain, ben.cookie, anna.profileId, 'Hi Anna');
    await requestDeletion(domain, anna);
    t.clock.advance(15 * DAY);
    expect(await eraseExpiredAccounts({ db: kit.db(), clock: t.clock, events: t.app.events })).toBeGreaterThanOrEqual(1);
    expect(await kit.db().$count(conversations, eq(conversations.id, sent.message.conversation.id))).toBe(0);
    expect(
      await kit.db().$count(messages, or(eq(messages.senderProfileId, anna.profileId), eq(messages.senderProfileId, ben.profileId))),
    ).toBe(0);
    expect((await kit.chats(domain, ben.cookie)).chats).toEqual([]);
  });
});

describe('POST /api/message-report.php', () => {
  it('records a message the partner sent, with what it said, and refuses any other message', async () => {
    const { domain, members } = await kit.siteWith(3);
    const [anna, ben, carla] = members as [Member, Member, Member];
    const theirs = await kit.sent(domain, ben.cookie, anna.profileId, 'Send me money');
    const mine = await kit.sent(domain, anna.cookie, ben.profileId, 'No');
    const report = (cookie: string, messageId: number, extra: Record<string, unknown> = {}) =>
      send(
        t,
        'POST',
        `/api/message-report.php?domain=${domain}`,
        { message_id: messageId, reason: 'scam_spam', text: 'asks for money', good_faith: true, ...extra },
        cookie,
      );

    expect(statusAndCode(await report(anna.cookie, mine.message.id))).toEqual([404, 'message_not_found']);
    expect(statusAndCode(await report(carla.cookie, theirs.message.id))).toEqual([404, 'message_not_found']);
    expect(statusAndCode(await report(anna.cookie, theirs.message.id, { good_faith: false }))).toEqual([400, 'report_good_faith_required']);

    const filed = await report(anna.cookie, theirs.message.id);
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json()).toMatchObject({ status: 'open', message: 'Thanks, we received your report and will review it.' });
    const [row] = await kit.db().select().from(reports).where(eq(reports.id, filed.json().report_id));
    expect(row).toMatchObject({
      reporterUserId: anna.userId,
      reportedProfileId: ben.profileId,
      messageId: theirs.message.id,
      messageText: 'Send me money',
      reason: 'scam_spam',
    });
    expect(errorOf(await report(anna.cookie, theirs.message.id)).code).toBe('report_already_open');

    // The evidence stays when the conversation goes.
    await kit.block(domain, anna.cookie, ben.profileId);
    expect((await kit.db().select().from(reports).where(eq(reports.id, filed.json().report_id)))[0]!.messageText).toBe('Send me money');
  });
});

describe('Download my data', () => {
  it("holds the member's conversations and the messages they sent, not the partner's", async () => {
    const { domain, members } = await kit.siteWith(2, { giftCredits: 1 });
    const [anna, ben] = members as [Member, Member];
    const mine = await kit.sent(domain, anna.cookie, ben.profileId, 'Mine');
    await kit.sent(domain, ben.cookie, anna.profileId, 'His');
    const response = await get(t, `/api/personal-data.php?domain=${domain}`, anna.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const file = ZPersonalDataExport.strict().parse(response.json());
    expect(file.chats.conversations).toEqual([
      expect.objectContaining({
        id: mine.message.conversation.id,
        partner_profile_id: ben.profileId,
        started_by_me: true,
        removed_up_to: 0,
        hidden: false,
        draft: null,
      }),
    ]);
    expect(file.chats.messages_sent).toEqual([expect.objectContaining({ id: mine.message.id, kind: 'text', text: 'Mine', credits: 10 })]);
  });
});
