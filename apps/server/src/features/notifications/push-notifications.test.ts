/**
 * Web pushes about messages, likes and matches (issue 30, decision 040), end to end: the member's
 * browser subscribes through the API with keys this test made, the job queue scans and sends,
 * and a local push service (features/push/test) checks the VAPID signature and decrypts the
 * payload with the browser's private key. Also: the push preference, members online, gone
 * subscriptions (404/410), a failing push service retried for its browser alone, and two server
 * processes on one database pushing each piece of news once.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZPushMessage, type TPushMessage } from '@cupido/shared/contracts/push';
import { memberPresence, pushSubscriptions } from '../../db/schema';
import { createAccountsTestApp, type AccountsTestApp } from '../../test/accounts-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chatKit, type Member } from '../chats/test/chats-test-kit';
import { get, send } from '../profiles/test/profiles-test-kit';
import { startLocalPushService, type LocalPushService, type TestPushSubscription } from '../push/test/local-push-service';
import { subscribedBrowser } from '../push/test/subscribed-browser';
import { pushMessage } from './push-notification';

let t: AccountsTestApp;
let kit: ReturnType<typeof chatKit>;
let service: LocalPushService;

beforeAll(async () => {
  t = await createAccountsTestApp(new Date('2026-03-10T10:00:00Z'));
  kit = chatKit(t);
  service = await startLocalPushService();
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});
beforeEach(() => service.clear());
afterEach(() => expect(service.refused, 'the push service refused requests').toEqual([]));

/** What two minutes and a scan later the job queue sends. */
async function afterTheDelay(app = t.app) {
  t.clock.advance(3 * 60_000);
  await app.jobs.runSchedules();
  await app.jobs.drain();
}

/** A new browser of the member, subscribed through the API. */
const browserOf = (domain: string, member: Member) => subscribedBrowser(t, service, domain, member.cookie);

const pushesTo = (browser: TestPushSubscription) => service.received.filter((push) => push.endpoint === browser.endpoint);
const messagesTo = (browser: TestPushSubscription): TPushMessage[] =>
  pushesTo(browser).map((push) => ZPushMessage.strict().parse(push.payload));

describe('pushes about messages', () => {
  it('pushes a new conversation, encrypted to the browser and signed with the site’s VAPID key, without the message', async () => {
    const site = await kit.siteWith(2);
    const [writer, reader] = site.members as [Member, Member];
    const browser = await browserOf(site.domain, reader);
    const sent = await kit.sent(site.domain, writer.cookie, reader.profileId, 'Secret words for your eyes only');
    const conversation = sent.message.conversation.id;
    // Within the two minutes nothing goes, as with mails.
    await t.app.jobs.runSchedules();
    await t.app.jobs.drain();
    expect(service.received).toHaveLength(0);

    await afterTheDelay();
    const [push] = pushesTo(browser);
    expect(push, JSON.stringify(service.received)).toBeDefined();
    const message = ZPushMessage.strict().parse(push!.payload);
    expect(message).toEqual({
      kind: 'new_conversations',
      title: 'Sanne started a conversation with you',
      body: `Sanne sent you a first message on ${(await settingsOf(site.domain)).name}. Open the conversation to read it and reply.`,
      tag: `conversation:${conversation}`,
      checkUrl: `/chats/${conversation}?network=push&sub1=new_conversations`,
      openUrl: `/login?redirect=${encodeURIComponent(`/chats/${conversation}?network=push&sub1=new_conversations`)}`,
    });
    expect(JSON.stringify(push!.payload)).not.toContain('Secret words');
    expect(push!.ttl).toBe(24 * 3600);
    expect(push!.urgency).toBe('normal');
    // The Topic collapses pushes about one conversation; keyed, so the push service cannot tell which one it is.
    expect(push!.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(push!.topic).not.toBe(createHash('sha256').update(`conversation:${conversation}`).digest('base64url').slice(0, 32));
    // Signed with the deployment's key that settings.php gives the browsers, for this push service.
    expect(push!.vapid.publicKey).toBe((await settingsOf(site.domain)).push_public_key);
    expect(push!.vapid.audience).toBe(service.origin);
    expect(push!.vapid.subject).toMatch(/^mailto:.+@.+/);
    const [row] = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(row?.lastSuccessAt?.toISOString()).toBe(t.clock().toISOString());
    // The mail goes too: the channels are independent.
    expect(t.smtp.mails.some((mail) => mail.to.includes(reader.body.email.toLowerCase()) && mail.headers.has('list-unsubscribe'))).toBe(
      true,
    );

    // A newer message of the same conversation: a new push with the same tag and Topic.
    await kit.sent(site.domain, writer.cookie, reader.profileId, 'Still there?');
    await afterTheDelay();
    const [, second] = pushesTo(browser);
    expect(second?.topic).toBe(push!.topic);
    expect(messagesTo(browser).map((m) => [m.kind, m.tag])).toEqual([
      ['new_conversations', `conversation:${conversation}`],
      ['new_conversations', `conversation:${conversation}`],
    ]);
    // The writer has no browser subscribed and nobody wrote to them.
    expect(service.received).toHaveLength(2);
  });

  it('pushes to every browser of the member, in the member’s language', async () => {
    const site = await kit.siteWith(2);
    const [writer, reader] = site.members as [Member, Member];
    expect((await send(t, 'PUT', `/api/user.php?domain=${site.domain}`, { language: 'de' }, reader.cookie)).statusCode).toBe(200);
    const [phone, laptop] = [await browserOf(site.domain, reader), await browserOf(site.domain, reader)];
    await kit.sent(site.domain, writer.cookie, reader.profileId, 'Hallo');
    await afterTheDelay();
    for (const browser of [phone, laptop])
      expect(messagesTo(browser).map((m) => m.title)).toEqual(['Sanne hat ein Gespräch mit dir begonnen']);
  });

  it('sends nothing about a message read meanwhile, to a member who turned push off for it, or while the member is online', async () => {
    const site = await kit.siteWith(4);
    const [writer, quick, optedOut, online] = site.members as [Member, Member, Member, Member];
    await kit.makePremium(writer);
    await kit.grant(writer, 100);
    const browsers = [await browserOf(site.domain, quick), await browserOf(site.domain, optedOut), await browserOf(site.domain, online)];
    expect(
      (
        await send(
          t,
          'PUT',
          `/api/notification-settings.php?domain=${site.domain}`,
          { kind: 'new_conversations', channel: 'push', enabled: false },
          optedOut.cookie,
        )
      ).statusCode,
    ).toBe(200);
    await t.database.db
      .insert(memberPresence)
      .values({ userId: online.userId, profileId: online.profileId, processId: 'test-process', seenAt: t.clock() });
    const read = await kit.sent(site.domain, writer.cookie, quick.profileId, 'Quick one');
    for (const member of [optedOut, online]) await kit.sent(site.domain, writer.cookie, member.profileId, 'Hello');
    t.clock.advance(30_000);
    expect((await kit.read(site.domain, quick.cookie, read.message.conversation.id, read.message.id)).statusCode).toBe(200);
    t.clock.advance(3 * 60_000);
    await t.database.db.update(memberPresence).set({ seenAt: t.clock() }).where(eq(memberPresence.userId, online.userId));
    await t.app.jobs.runSchedules();
    await t.app.jobs.drain();
    expect(browsers.flatMap(pushesTo)).toEqual([]);
    // The opted-out member still gets the mail: the preference is per channel.
    expect(t.smtp.mails.some((mail) => mail.to.includes(optedOut.body.email.toLowerCase()))).toBe(true);

    // The online member left without reading: the next look pushes.
    await t.database.db.delete(memberPresence).where(eq(memberPresence.userId, online.userId));
    t.clock.advance(2 * 60_000);
    await t.app.jobs.drain({ includeDelayed: true });
    expect(messagesTo(browsers[2]!).map((m) => m.kind)).toEqual(['new_conversations']);
    expect(browsers.slice(0, 2).flatMap(pushesTo)).toEqual([]);
  });
});

describe('pushes about likes and matches', () => {
  it('pushes a like and then the match, to the likes screen and the chat', async () => {
    const site = await kit.siteWith(2);
    const [liker, liked] = site.members as [Member, Member];
    const [likerBrowser, likedBrowser] = [await browserOf(site.domain, liker), await browserOf(site.domain, liked)];
    const like = (from: Member, to: Member) =>
      send(t, 'POST', `/api/like.php?domain=${site.domain}`, { profile_id: to.profileId }, from.cookie);
    expect((await like(liker, liked)).statusCode).toBe(200);
    await afterTheDelay();
    const [likePush] = pushesTo(likedBrowser);
    expect(likePush?.urgency).toBe('low');
    expect(messagesTo(likedBrowser)).toEqual([
      expect.objectContaining({
        kind: 'like',
        title: 'Sanne likes you',
        tag: `like:${liker.profileId}`,
        checkUrl: `/likes/m/${liker.profileId}?network=push&sub1=like`,
      }),
    ]);
    expect((await like(liked, liker)).statusCode).toBe(200);
    await afterTheDelay();
    expect(messagesTo(likerBrowser)).toEqual([
      expect.objectContaining({
        kind: 'match',
        title: "It's a match: you and Sanne like each other",
        checkUrl: `/members/${liked.profileId}/chat?network=push&sub1=match`,
      }),
    ]);
  });
});

describe('what the push service answers', () => {
  it('deletes a subscription answered 410 or 404, and retries one that failed for that browser alone', async () => {
    const site = await kit.siteWith(2);
    const [writer, reader] = site.members as [Member, Member];
    const [gone, missing, flaky, fine] = [
      await browserOf(site.domain, reader),
      await browserOf(site.domain, reader),
      await browserOf(site.domain, reader),
      await browserOf(site.domain, reader),
    ];
    service.answerWith(gone.endpoint, 410);
    service.answerWith(missing.endpoint, 404);
    service.answerWith(flaky.endpoint, 503);
    await kit.sent(site.domain, writer.cookie, reader.profileId, 'Hello');
    await afterTheDelay();
    const endpoints = async () =>
      (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, reader.userId)))
        .map((row) => row.endpoint)
        .sort();
    expect(await endpoints()).toEqual([flaky.endpoint, fine.endpoint].sort());
    expect([gone, missing, flaky, fine].map((browser) => pushesTo(browser).length)).toEqual([1, 1, 1, 1]);

    // The push service is back: the retry reaches the flaky browser, and only it.
    service.answerWith(flaky.endpoint, 201);
    t.clock.advance(60_000);
    await t.app.jobs.drain({ includeDelayed: true });
    expect([flaky, fine].map((browser) => pushesTo(browser).map((push) => push.status))).toEqual([[503, 201], [201]]);
  });

  it('does not push the previous member’s news to a browser that moved to another member', async () => {
    const site = await kit.siteWith(3);
    const [writer, first, second] = site.members as [Member, Member, Member];
    const browser = await browserOf(site.domain, first);
    await kit.sent(site.domain, writer.cookie, first.profileId, 'For the first member');
    // The first try fails; before the retry, the browser is used by another member.
    service.answerWith(browser.endpoint, 503);
    await afterTheDelay();
    expect((await send(t, 'POST', `/api/user.php?push=1&domain=${site.domain}`, { subscription: browser }, second.cookie)).statusCode).toBe(
      200,
    );
    service.answerWith(browser.endpoint, 201);
    t.clock.advance(60_000);
    await t.app.jobs.drain({ includeDelayed: true });
    expect(pushesTo(browser).map((push) => push.status)).toEqual([503]);
  });
});

describe('several server processes', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ smtpUrl: t.smtp.url }, { database: t.database, clock: t.clock });
  });
  afterAll(async () => other?.close());

  it('push each piece of news once when both scan and both run jobs', async () => {
    const site = await kit.siteWith(2);
    const [writer, reader] = site.members as [Member, Member];
    const browser = await browserOf(site.domain, reader);
    await kit.sent(site.domain, writer.cookie, reader.profileId, 'Hello from two processes');
    t.clock.advance(3 * 60_000);
    for (let round = 0; round < 2; round++) {
      await Promise.all([t.app.jobs.runSchedules(), other.app.jobs.runSchedules()]);
      await Promise.all([t.app.jobs.drain(), other.app.jobs.drain()]);
    }
    expect(pushesTo(browser)).toHaveLength(1);
  });
});

describe('the payload', () => {
  it('discloses a fictional profile, as every screen and mail does', () => {
    const message = pushMessage(
      { kind: 'new_messages', topic: 'conversation:7', path: '/chats/7' },
      { locale: 'en', about: { name: 'Lola', fictional: true }, siteName: 'Amora', fictionalLabel: 'Fantasy profile' },
    );
    expect(message.title).toBe('Lola sent you a message');
    expect(message.body).toBe(
      'Lola wrote to you on Amora. Open the conversation to read it and reply. Fantasy profile: Lola is run by our staff. You cannot meet them in person.',
    );
  });
});

async function settingsOf(domain: string): Promise<{ name: string; push_public_key: string }> {
  const response = await get(t, `/api/settings.php?domain=${domain}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
