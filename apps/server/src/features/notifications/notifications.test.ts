/**
 * Notification preferences and mails (issue 30), through the HTTP API, the job queue and a real
 * SMTP server: defaults and marketing consent, a mail per conversation until read, likes and
 * matches, the two-minute wait, quiet hours, members who get no mail, one-click unsubscribe with
 * its signed token, and two server processes on one database sending each mail once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { ZNotificationSettingsAnswer, ZUnsubscribeAnswer } from '@cupido/shared/contracts/notifications';
import { consents, memberPresence, users } from '../../db/schema';
import { createAccountsTestApp, type AccountsTestApp } from '../../test/accounts-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ReceivedMail } from '../../test/smtp-server';
import { chatKit, type Member } from '../chats/test/chats-test-kit';
import { get, send } from '../profiles/test/profiles-test-kit';
import { unsubscribeToken } from './unsubscribe-link';

let t: AccountsTestApp;
let kit: ReturnType<typeof chatKit>;

beforeAll(async () => {
  t = await createAccountsTestApp(new Date('2026-03-10T10:00:00Z'));
  kit = chatKit(t);
});
afterAll(async () => t?.close());

beforeEach(() => {
  t.smtp.clear();
});

/** What two minutes and a scan later the job queue sends. */
async function afterTheDelay(app = t.app) {
  t.clock.advance(3 * 60_000);
  await app.jobs.runSchedules();
  await app.jobs.drain();
}

/** The notification mails the member got (their signup's activation mail is not one). */
const mailsTo = (member: Member): ReceivedMail[] =>
  t.smtp.mails.filter((mail) => mail.to.includes(member.body.email.toLowerCase()) && mail.headers.has('list-unsubscribe'));

async function settings(domain: string, member: Member) {
  const response = await get(t, `/api/notification-settings.php?domain=${domain}`, member.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZNotificationSettingsAnswer.parse(response.json());
}

async function setPreference(domain: string, member: Member, kind: string, channel: string, enabled: boolean) {
  return send(t, 'PUT', `/api/notification-settings.php?domain=${domain}`, { kind, channel, enabled }, member.cookie);
}

describe('preferences', () => {
  it('start with the member-to-member kinds on and marketing off, and change one switch at a time', async () => {
    const site = await kit.siteWith(1);
    const [member] = site.members as [Member];
    const initial = await settings(site.domain, member);
    expect(initial.preferences.new_messages).toEqual({ email: true, push: true });
    expect(initial.preferences.like).toEqual({ email: true, push: true });
    expect(initial.preferences.promotions).toEqual({ email: false, push: false });
    expect(initial.preferences.news).toEqual({ email: false, push: false });
    expect(initial.notifications_disabled).toEqual([]);

    const changed = await setPreference(site.domain, member, 'like', 'email', false);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(ZNotificationSettingsAnswer.parse(changed.json()).preferences.like).toEqual({ email: false, push: true });
    expect((await settings(site.domain, member)).preferences.like.email).toBe(false);
  });

  it('record the marketing consent when promotions or news go on, and withdraw it when the last goes off', async () => {
    const site = await kit.siteWith(1);
    const [member] = site.members as [Member];
    const marketingConsent = () =>
      t.database.db
        .select()
        .from(consents)
        .where(and(eq(consents.userId, member.userId), eq(consents.kind, 'marketing_mail'), isNull(consents.revokedAt)));
    expect(await marketingConsent()).toHaveLength(0);
    await setPreference(site.domain, member, 'promotions', 'email', true);
    await setPreference(site.domain, member, 'news', 'push', true);
    expect(await marketingConsent()).toHaveLength(1);
    await setPreference(site.domain, member, 'promotions', 'email', false);
    expect(await marketingConsent()).toHaveLength(1);
    await setPreference(site.domain, member, 'news', 'push', false);
    expect(await marketingConsent()).toHaveLength(0);
  });

  it('refuse an unknown kind or channel, and visitors', async () => {
    const site = await kit.siteWith(1);
    const [member] = site.members as [Member];
    const unknownKind = await setPreference(site.domain, member, 'gossip', 'email', false);
    expect(unknownKind.statusCode).toBe(400);
    expect(unknownKind.json().error.message).toBeTruthy();
    expect((await setPreference(site.domain, member, 'like', 'pigeon', false)).statusCode).toBe(400);
    expect(
      (
        await send(
          t,
          'PUT',
          `/api/notification-settings.php?domain=${site.domain}`,
          { kind: 'like', channel: 'email', enabled: 'no' },
          member.cookie,
        )
      ).statusCode,
    ).toBe(400);
    expect((await get(t, `/api/notification-settings.php?domain=${site.domain}`)).statusCode).toBe(403);
    // Nothing was stored by the refused calls.
    expect((await settings(site.domain, member)).preferences.like).toEqual({ email: true, push: true });
  });
});

describe('mails about messages', () => {
  it('mail a new conversation once, with the one-click headers, and nothing more until it is read', async () => {
    const site = await kit.siteWith(2);
    const [writer, reader] = site.members as [Member, Member];
    await kit.grant(writer, 100);
    const first = await kit.sent(site.domain, writer.cookie, reader.profileId, 'Hello there');
    // Within the two minutes nothing goes.
    await t.app.jobs.runSchedules();
    await t.app.jobs.drain();
    expect(mailsTo(reader)).toHaveLength(0);

    await afterTheDelay();
    const [mail] = mailsTo(reader);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Sanne started a conversation with you');
    expect(mail!.text).toContain('Read the message');
    const conversationLink = mail!.links.find((link) => new URL(link).pathname === `/chats/${first.message.conversation.id}`);
    expect(conversationLink, mail!.links.join(' ')).toBeDefined();
    expect(new URL(conversationLink!).searchParams.get('network')).toBe('email');
    expect(mail!.headers.get('list-unsubscribe')).toMatch(
      new RegExp(`^<https?://${site.domain.replace(/\./g, '\\.')}[^>]*/api/unsubscribe\\.php\\?token=[^>]+>$`),
    );
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // Never the message itself in a mail (a shared inbox, a lock screen).
    expect(mail!.text).not.toContain('Hello there');

    // More messages before the member read the first mail's: no second mail.
    await kit.sent(site.domain, writer.cookie, reader.profileId, 'Are you there?');
    await afterTheDelay();
    expect(mailsTo(reader)).toHaveLength(1);

    // Read, then a new message: a new mail, now about new messages.
    // (The server bounds the read position by the conversation's last message.)
    expect((await kit.read(site.domain, reader.cookie, first.message.conversation.id, Number.MAX_SAFE_INTEGER)).statusCode).toBe(200);
    await kit.sent(site.domain, writer.cookie, reader.profileId, 'Hi again');
    await afterTheDelay();
    expect(mailsTo(reader).map((m) => m.subject)).toEqual(['Sanne started a conversation with you', 'Sanne sent you a message']);
    // The writer got nothing: they wrote, nobody wrote to them.
    expect(mailsTo(writer)).toHaveLength(0);
  });

  it('sends nothing about a message read within the two minutes', async () => {
    const site = await kit.siteWith(2);
    const [writer, reader] = site.members as [Member, Member];
    const sent = await kit.sent(site.domain, writer.cookie, reader.profileId, 'Quick one');
    t.clock.advance(30_000);
    expect((await kit.read(site.domain, reader.cookie, sent.message.conversation.id, sent.message.id)).statusCode).toBe(200);
    await afterTheDelay();
    expect(mailsTo(reader)).toHaveLength(0);
  });

  it('sends nothing to a member who turned the kind off, is suspended or unsubscribed from everything', async () => {
    const site = await kit.siteWith(4);
    const [writer, optedOut, suspended, disabled] = site.members as [Member, Member, Member, Member];
    // A free member starts two conversations at most.
    await kit.makePremium(writer);
    await kit.grant(writer, 100);
    expect((await setPreference(site.domain, optedOut, 'new_conversations', 'email', false)).statusCode).toBe(200);
    for (const member of [optedOut, suspended, disabled]) await kit.sent(site.domain, writer.cookie, member.profileId, 'Hello');
    // Suspended by moderation and a bounced address, after the messages came.
    await t.database.db
      .update(users)
      .set({ status: 'suspended', suspendedUntil: new Date('2026-04-01T00:00:00Z') })
      .where(eq(users.id, suspended.userId));
    await t.database.db
      .update(users)
      .set({ notificationsDisabled: ['bounce'] })
      .where(eq(users.id, disabled.userId));
    await afterTheDelay();
    expect([...mailsTo(optedOut), ...mailsTo(suspended), ...mailsTo(disabled)]).toHaveLength(0);
  });

  it('holds the mail while the member is online, and sends it once they left without reading', async () => {
    const site = await kit.siteWith(2);
    const [writer, reader] = site.members as [Member, Member];
    // The reader's app is open (a live socket's presence row, features/live).
    await t.database.db
      .insert(memberPresence)
      .values({ userId: reader.userId, profileId: reader.profileId, processId: 'test-process', seenAt: t.clock() });
    await kit.sent(site.domain, writer.cookie, reader.profileId, 'You there?');
    t.clock.advance(3 * 60_000);
    // Her app's heartbeat keeps the row fresh.
    await t.database.db.update(memberPresence).set({ seenAt: t.clock() }).where(eq(memberPresence.userId, reader.userId));
    await t.app.jobs.runSchedules();
    await t.app.jobs.drain();
    expect(mailsTo(reader)).toHaveLength(0);
    // Still online two minutes later: still no mail.
    t.clock.advance(2 * 60_000);
    await t.database.db.update(memberPresence).set({ seenAt: t.clock() }).where(eq(memberPresence.userId, reader.userId));
    // One run: the look two minutes later (a drain of everything would run the whole chain of looks at once).
    await t.app.jobs.drain({ includeDelayed: true, maxRuns: 1 });
    expect(mailsTo(reader)).toHaveLength(0);
    // She closed the app without reading: the next look sends the mail.
    await t.database.db.delete(memberPresence).where(eq(memberPresence.userId, reader.userId));
    t.clock.advance(2 * 60_000);
    // One run: the look two minutes later (a drain of everything would run the whole chain of looks at once).
    await t.app.jobs.drain({ includeDelayed: true, maxRuns: 1 });
    expect(mailsTo(reader).map((m) => m.subject)).toEqual(['Sanne started a conversation with you']);
  });

  it('waits out the member’s quiet hours and mails when they end', async () => {
    const site = await kit.siteWith(2);
    const [writer, sleeper] = site.members as [Member, Member];
    await t.database.db.update(users).set({ timeZone: 'Europe/Amsterdam' }).where(eq(users.id, sleeper.userId));
    // 23:00 in Amsterdam (UTC+1 in March).
    t.clock.set(new Date('2026-03-20T22:00:00Z'));
    await kit.sent(site.domain, writer.cookie, sleeper.profileId, 'Good night');
    await afterTheDelay();
    expect(mailsTo(sleeper)).toHaveLength(0);
    // The mail waits in the queue for 08:00 local; run it as the worker would then.
    t.clock.set(new Date('2026-03-21T07:05:00Z'));
    await t.app.jobs.drain({ includeDelayed: true });
    expect(mailsTo(sleeper)).toHaveLength(1);
    // Back to the middle of the day (the demo site's zone) for the tests after this one.
    t.clock.set(new Date('2026-03-21T12:00:00Z'));
  });
});

describe('mails about likes and matches', () => {
  it('mails a like, then the match, once each, and nothing to a member who turned likes off', async () => {
    const site = await kit.siteWith(3);
    const [liker, liked, noLikes] = site.members as [Member, Member, Member];
    const like = (from: Member, to: Member) =>
      send(t, 'POST', `/api/like.php?domain=${site.domain}`, { profile_id: to.profileId }, from.cookie);
    expect((await setPreference(site.domain, noLikes, 'like', 'email', false)).statusCode).toBe(200);
    expect((await like(liker, liked)).statusCode).toBe(200);
    expect((await like(liker, noLikes)).statusCode).toBe(200);
    await afterTheDelay();
    expect(mailsTo(liked).map((m) => m.subject)).toEqual(['Sanne likes you']);
    expect(mailsTo(noLikes)).toHaveLength(0);
    expect(mailsTo(liked)[0]!.links.some((link) => new URL(link).pathname === `/likes/m/${liker.profileId}`)).toBe(true);

    // The liked member likes back: the first liker hears of the match.
    expect((await like(liked, liker)).statusCode).toBe(200);
    await afterTheDelay();
    expect(mailsTo(liker).map((m) => m.subject)).toEqual(["It's a match: you and Sanne like each other"]);
    await afterTheDelay();
    expect(mailsTo(liker)).toHaveLength(1);
  });
});

describe('unsubscribing from a mail', () => {
  async function tokenFor(member: Member, kind: 'new_messages' | 'like' = 'like') {
    return unsubscribeToken(t.database.db, member.userId, kind, t.clock());
  }
  const oneClick = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe.php?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });

  it('turns the kind off with the one-click POST, all mail off on request, and back on with undo', async () => {
    const site = await kit.siteWith(1);
    const [member] = site.members as [Member];
    const token = await tokenFor(member);
    const response = await oneClick(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(ZUnsubscribeAnswer.parse(response.json())).toMatchObject({ kind: 'like', email_enabled: false, all_disabled: false });
    expect((await settings(site.domain, member)).preferences.like.email).toBe(false);

    const all = await send(t, 'POST', `/api/unsubscribe.php?token=${encodeURIComponent(token)}`, { all: true });
    expect(all.json()).toMatchObject({ all_disabled: true });
    expect((await settings(site.domain, member)).notifications_disabled).toEqual(['listunsubscribe']);

    const undo = await send(t, 'POST', `/api/unsubscribe.php?token=${encodeURIComponent(token)}`, { undo: true });
    expect(undo.json()).toMatchObject({ email_enabled: true, all_disabled: false });
    const after = await settings(site.domain, member);
    expect(after.preferences.like.email).toBe(true);
    expect(after.notifications_disabled).toEqual([]);
  });

  it('a person who opens the address is sent to the page, and nothing changes', async () => {
    const site = await kit.siteWith(1);
    const [member] = site.members as [Member];
    const token = await tokenFor(member);
    const visit = await t.app.inject({ method: 'GET', url: `/api/unsubscribe.php?token=${encodeURIComponent(token)}` });
    expect(visit.statusCode).toBe(303);
    expect(visit.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect((await settings(site.domain, member)).preferences.like.email).toBe(true);
  });

  it('refuses a forged, altered or expired token and changes nothing', async () => {
    const site = await kit.siteWith(2);
    const [member, other] = site.members as [Member, Member];
    const token = await tokenFor(member);
    const forged = token.replace(/-[^-]+$/, `-${'A'.repeat(43)}`);
    const otherMember = token.replace(/^\d+/, String(other.userId));
    const otherKind = token.replace('-like-', '-new_messages-');
    for (const bad of [forged, otherMember, otherKind, 'nonsense']) {
      const response = await oneClick(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.code).toBe('unsubscribe_link_invalid');
    }
    t.clock.advance(181 * 86_400_000);
    const expired = await oneClick(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toBe('This unsubscribe link has expired. Change your e-mail settings after logging in.');
    t.clock.advance(-181 * 86_400_000);
    expect((await settings(site.domain, member)).preferences.like.email).toBe(true);
    expect((await settings(site.domain, other)).preferences.like.email).toBe(true);
  });
});

describe('several server processes', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await createTestApp({ smtpUrl: t.smtp.url }, { database: t.database, clock: t.clock });
  });
  afterAll(async () => second?.close());

  it('send each mail once when both scan and both run jobs', async () => {
    const site = await kit.siteWith(2);
    const [writer, reader] = site.members as [Member, Member];
    await kit.sent(site.domain, writer.cookie, reader.profileId, 'Hello from two processes');
    t.clock.advance(3 * 60_000);
    await Promise.all([t.app.jobs.runSchedules(), second.app.jobs.runSchedules()]);
    await Promise.all([t.app.jobs.drain(), second.app.jobs.drain()]);
    await Promise.all([t.app.jobs.runSchedules(), second.app.jobs.runSchedules()]);
    await Promise.all([t.app.jobs.drain(), second.app.jobs.drain()]);
    expect(mailsTo(reader)).toHaveLength(1);
  });
});
