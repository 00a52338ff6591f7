/**
 * Unread-message reminders and weekly updates (issue 30), through the job queue and a real SMTP
 * server: a reminder only after 24 h unread and at most one a day, none once read or with the
 * preference off, none during quiet hours (it comes in the morning); a weekly update listing new
 * members who match, fictional ones disclosed, none when nobody new matches; both by push to a
 * member who wants them so (checked by a local push service that decrypts them); and two server
 * processes on one database sending each once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZPushMessage, type TPushMessage } from '@cupido/shared/contracts/push';
import { eq } from 'drizzle-orm';
import { profiles, users } from '../../db/schema';
import { createAccountsTestApp, type AccountsTestApp } from '../../test/accounts-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ReceivedMail } from '../../test/smtp-server';
import { chatKit, type Member } from '../chats/test/chats-test-kit';
import { addPhoto, get, insertProfile, send } from '../profiles/test/profiles-test-kit';
import { startLocalPushService, type LocalPushService, type TestPushSubscription } from '../push/test/local-push-service';
import { subscribedBrowser } from '../push/test/subscribed-browser';

let t: AccountsTestApp;
let kit: ReturnType<typeof chatKit>;
const HOUR = 3600_000;

beforeAll(async () => {
  // A Tuesday, late morning in the demo sites' zone.
  t = await createAccountsTestApp(new Date('2026-03-10T10:00:00Z'));
  kit = chatKit(t);
});
afterAll(async () => t?.close());
beforeEach(() => t.smtp.clear());

const mailsTo = (member: Member, subject: RegExp): ReceivedMail[] =>
  t.smtp.mails.filter((mail) => mail.to.includes(member.body.email.toLowerCase()) && subject.test(mail.subject));
const REMINDER = /^Your messages on .* are waiting$/;
const WEEKLY = /^New members near you on /;

/** What the hourly and minutely schedules do at `time`, run as the worker would. */
async function runAt(time: Date, apps: TestApp['app'][] = [t.app]) {
  t.clock.set(time);
  await Promise.all(apps.map((app) => app.jobs.runSchedules()));
  await Promise.all(apps.map((app) => app.jobs.drain()));
}

async function conversationWaiting() {
  const site = await kit.siteWith(2);
  const [writer, reader] = site.members as [Member, Member];
  const sent = await kit.sent(site.domain, writer.cookie, reader.profileId, 'Still there?');
  return { site, writer, reader, sent };
}

describe('unread-message reminders', () => {
  it('come after 24 h unread, at most one a day, and name who wrote', async () => {
    const start = t.clock();
    const { reader } = await conversationWaiting();
    await runAt(new Date(start.getTime() + 23 * HOUR));
    expect(mailsTo(reader, REMINDER)).toHaveLength(0);

    await runAt(new Date(start.getTime() + 25 * HOUR));
    const [mail] = mailsTo(reader, REMINDER);
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('Sanne is waiting for your answer');
    expect(mail!.text).not.toContain('Still there?');
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers.get('list-unsubscribe')).toMatch(/\/api\/unsubscribe\.php\?token=\d+-unread_message_reminders-/);
    expect(mail!.links.some((link) => new URL(link).pathname === '/chats')).toBe(true);

    // The next hours of the same day: nothing more.
    for (const hours of [26, 30, 40]) await runAt(new Date(start.getTime() + hours * HOUR));
    expect(mailsTo(reader, REMINDER)).toHaveLength(1);
    // A day later, still unread: the next one.
    await runAt(new Date(start.getTime() + 49 * HOUR));
    expect(mailsTo(reader, REMINDER)).toHaveLength(2);
  });

  it('none once the messages are read, or with the preference off', async () => {
    const start = t.clock();
    const read = await conversationWaiting();
    const optedOut = await conversationWaiting();
    expect((await kit.read(read.site.domain, read.reader.cookie, read.sent.message.conversation.id, read.sent.message.id)).statusCode).toBe(
      200,
    );
    const off = await send(
      t,
      'PUT',
      `/api/notification-settings.php?domain=${optedOut.site.domain}`,
      { kind: 'unread_message_reminders', channel: 'email', enabled: false },
      optedOut.reader.cookie,
    );
    expect(off.statusCode).toBe(200);
    await runAt(new Date(start.getTime() + 25 * HOUR));
    expect([...mailsTo(read.reader, REMINDER), ...mailsTo(optedOut.reader, REMINDER)]).toHaveLength(0);
  });

  it('wait out the member’s quiet hours', async () => {
    // 10:00 UTC is 23:00 in Auckland (UTC+13 in March).
    t.clock.set(new Date('2026-03-20T10:00:00Z'));
    const { reader } = await conversationWaiting();
    await t.database.db.update(users).set({ timeZone: 'Pacific/Auckland' }).where(eq(users.id, reader.userId));
    await runAt(new Date('2026-03-21T10:30:00Z'));
    expect(mailsTo(reader, REMINDER)).toHaveLength(0);
    // 08:30 in Auckland.
    await runAt(new Date('2026-03-21T19:30:00Z'));
    expect(mailsTo(reader, REMINDER)).toHaveLength(1);
  });
});

/** A new profile on the site, in the member's country, that the member's search finds (a man looking for women). */
async function newProfile(siteId: number, country: string, values: Partial<typeof profiles.$inferInsert> = {}) {
  const id = await insertProfile(t.database.db, {
    siteId,
    country,
    gender: 'male',
    sexuality: 'hetero',
    birthDate: '1989-04-02',
    hasPhoto: true,
    createdAt: t.clock(),
    ...values,
  });
  await addPhoto(t.database.db, id);
  return id;
}

async function countryOf(member: Member): Promise<string> {
  const [row] = await t.database.db.select({ country: profiles.country }).from(profiles).where(eq(profiles.id, member.profileId));
  return row!.country;
}

describe('weekly updates', () => {
  it('list new members who match, disclose fictional ones, and go to nobody without news', async () => {
    t.clock.set(new Date('2026-04-01T10:00:00Z'));
    const site = await kit.siteWith(1);
    const lonely = await kit.siteWith(1);
    const [member] = site.members as [Member];
    const [nobodyNew] = lonely.members as [Member];
    const country = await countryOf(member);
    await newProfile(site.siteId, country, { name: 'Tomasz', city: 'Leeds' });
    await newProfile(site.siteId, country, { name: 'Lola', isFictional: true });
    // Not new, not in her country, or a woman who looks for men (the two-way rule): not in the mail.
    await newProfile(site.siteId, country, { name: 'Oldtimer', createdAt: new Date('2026-02-01T10:00:00Z') });
    await newProfile(site.siteId, country === 'GB' ? 'NL' : 'GB', { name: 'Faraway' });
    await newProfile(site.siteId, country, { name: 'Greta', gender: 'female' });

    // Monday 6 April, 09:00 UTC: the weekly scan.
    await runAt(new Date('2026-04-06T09:00:00Z'));
    const [mail] = mailsTo(member, WEEKLY);
    expect(mail, t.smtp.mails.map((m) => m.subject).join(' | ')).toBeDefined();
    expect(mail!.text).toContain('Tomasz, 37, Leeds');
    expect(mail!.text).toContain('Lola is run by our staff');
    for (const absent of ['Oldtimer', 'Faraway', 'Greta']) expect(mail!.text).not.toContain(absent);
    expect(mail!.headers.get('list-unsubscribe')).toMatch(/-weekly_updates-/);
    expect(mailsTo(nobodyNew, WEEKLY)).toHaveLength(0);

    // Later that week: nothing more.
    await runAt(new Date('2026-04-08T09:00:00Z'));
    expect(mailsTo(member, WEEKLY)).toHaveLength(1);
  });
});

describe('by push', () => {
  let service: LocalPushService;
  beforeAll(async () => {
    service = await startLocalPushService();
  });
  afterAll(async () => service?.close());

  const browserOf = (domain: string, member: Member) => subscribedBrowser(t, service, domain, member.cookie);
  const messagesTo = (browser: TestPushSubscription): TPushMessage[] =>
    service.received.filter((push) => push.endpoint === browser.endpoint).map((push) => ZPushMessage.strict().parse(push.payload));
  const turn = async (domain: string, member: Member, kind: string, channel: 'email' | 'push', enabled: boolean) =>
    expect(
      (await send(t, 'PUT', `/api/notification-settings.php?domain=${domain}`, { kind, channel, enabled }, member.cookie)).statusCode,
    ).toBe(200);

  it('a reminder goes by push alone to a member who turned its mail off, at most one a day, and none once push is off too', async () => {
    t.clock.set(new Date('2026-05-05T10:00:00Z'));
    const start = t.clock();
    const { site, reader } = await conversationWaiting();
    const browser = await browserOf(site.domain, reader);
    await turn(site.domain, reader, 'unread_message_reminders', 'email', false);

    await runAt(new Date(start.getTime() + 25 * HOUR));
    expect(mailsTo(reader, REMINDER)).toHaveLength(0);
    const settings = (await get(t, `/api/settings.php?domain=${site.domain}`)).json() as { name: string };
    expect(messagesTo(browser)).toEqual([
      {
        kind: 'unread_message_reminders',
        title: `Your messages on ${settings.name} are waiting`,
        body: `You have unread messages on ${settings.name}. Sanne is waiting for your answer.`,
        tag: 'reminder:unread',
        checkUrl: '/chats?network=push&sub1=unread_message_reminders',
        openUrl: `/login?redirect=${encodeURIComponent('/chats?network=push&sub1=unread_message_reminders')}`,
      },
    ]);
    await runAt(new Date(start.getTime() + 30 * HOUR));
    expect(messagesTo(browser)).toHaveLength(1);

    await turn(site.domain, reader, 'unread_message_reminders', 'push', false);
    await runAt(new Date(start.getTime() + 49 * HOUR));
    expect(messagesTo(browser)).toHaveLength(1);
    expect(mailsTo(reader, REMINDER)).toHaveLength(0);
    expect(service.refused).toEqual([]);
  });

  it('a weekly update goes by mail and by push, each once', async () => {
    t.clock.set(new Date('2026-05-13T10:00:00Z'));
    const site = await kit.siteWith(1);
    const [member] = site.members as [Member];
    const browser = await browserOf(site.domain, member);
    await newProfile(site.siteId, await countryOf(member), { name: 'Pieter' });
    // Monday 18 May, 09:00 UTC, and a minute later.
    await runAt(new Date('2026-05-18T09:00:00Z'));
    await runAt(new Date('2026-05-18T09:01:00Z'));
    expect(mailsTo(member, WEEKLY)).toHaveLength(1);
    expect(messagesTo(browser).map(({ kind, tag, checkUrl }) => ({ kind, tag, checkUrl }))).toEqual([
      { kind: 'weekly_updates', tag: 'weekly:updates', checkUrl: '/members?network=push&sub1=weekly_updates' },
    ]);
    expect(service.refused).toEqual([]);
  });
});

describe('several server processes', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await createTestApp({ smtpUrl: t.smtp.url }, { database: t.database, clock: t.clock });
  });
  afterAll(async () => second?.close());

  it('send each reminder once', async () => {
    t.clock.set(new Date('2026-04-13T08:00:00Z'));
    const { reader } = await conversationWaiting();
    // A day after the message, both processes scan and both run jobs, twice.
    await runAt(new Date('2026-04-14T09:05:00Z'), [t.app, second.app]);
    await runAt(new Date('2026-04-14T09:06:00Z'), [t.app, second.app]);
    expect(mailsTo(reader, REMINDER)).toHaveLength(1);
  });

  it('send each weekly update once', async () => {
    t.clock.set(new Date('2026-04-19T10:00:00Z'));
    const site = await kit.siteWith(1);
    const [member] = site.members as [Member];
    await newProfile(site.siteId, await countryOf(member), { name: 'Jonas' });
    await runAt(new Date('2026-04-20T09:00:00Z'), [t.app, second.app]);
    await runAt(new Date('2026-04-20T09:01:00Z'), [t.app, second.app]);
    expect(mailsTo(member, WEEKLY)).toHaveLength(1);
  });
});
