/**
 * Two app instances on one database, as two server processes behind a load balancer would be:
 * a change made through one drops the other's cached member and site at once. With REDIS_URL the
 * message goes through Redis pub/sub; without, through the in-process hub.
 *
 * `Date` is frozen so the caches never expire by themselves here: only the broker's message can
 * make the second instance see the change.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/open';
import { profiles, sites, users } from '../db/schema';
import { createSession } from '../features/accounts/sessions';
import { SITES_CHANGED_CHANNEL } from '../features/sites/service';
import { MEMBER_CHANGED_CHANNEL } from '../plugins/session';
import { seedDemoSites } from '../seed/demo-sites';
import { createTestApp, type TestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { createBroker, type Broker } from './broker';

const channelPrefix = `cupido-test:${randomBytes(6).toString('hex')}:`;
let database: DatabaseHandle;
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-10T10:00:00Z') });
  database = await createTestDatabase();
  await seedDemoSites(database.db);
  first = await createTestApp({ brokerChannelPrefix: channelPrefix }, { database });
  second = await createTestApp({ brokerChannelPrefix: channelPrefix }, { database });
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.close();
  vi.useRealTimers();
});

/** Resolves with the next message the app's broker receives on the channel. */
function nextMessage(app: FastifyInstance, channel: string): Promise<unknown> {
  return new Promise((resolve) => void app.broker.subscribe(channel, resolve));
}

async function memberWithSession(name: string): Promise<{ userId: number; cookie: string }> {
  const [site] = await database.db.select({ id: sites.id }).from(sites).where(eq(sites.domain, 'localhost'));
  const [profile] = await database.db
    .insert(profiles)
    .values({ siteId: site!.id, name, birthDate: '1990-05-17', country: 'NL', gender: 'female' })
    .returning({ id: profiles.id });
  const now = new Date();
  const [user] = await database.db
    .insert(users)
    .values({
      siteId: site!.id,
      profileId: profile!.id,
      email: `${randomBytes(4).toString('hex')}@example.com`,
      status: 'active',
      createdAt: now,
      activatedAt: now,
    })
    .returning({ id: users.id });
  const token = await createSession(database.db, user!.id, now);
  return { userId: user!.id, cookie: `auth.session=${token}` };
}

const userName = async (app: FastifyInstance, cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user?.profile.name;
const siteName = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/api/settings.php' })).json().name;

describe('broker', () => {
  it('carries a message from one instance to every subscriber of the channel, under its prefix only', async () => {
    const other: Broker = createBroker({ redisUrl: process.env.REDIS_URL || undefined, channelPrefix: `${channelPrefix}other:` });
    try {
      let strayed = 0;
      await other.subscribe('hello', () => (strayed += 1));
      const received = nextMessage(second.app, 'hello');
      await first.app.broker.publish('hello', { from: 'first', n: 1 });
      expect(await received).toEqual({ from: 'first', n: 1 });
      // Same channel name, other prefix: a message of its own arrives, the first one never did.
      const own = new Promise((resolve) => void other.subscribe('hello', resolve));
      await other.publish('hello', 'mine');
      expect(await own).toBe('mine');
      expect(strayed).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('stops handing a channel to a handler that unsubscribed, and keeps the others of the channel', async () => {
    const heard: string[] = [];
    const one = (message: unknown) => heard.push(`one ${String(message)}`);
    const two = (message: unknown) => heard.push(`two ${String(message)}`);
    await second.app.broker.subscribe('narrow', one);
    await second.app.broker.subscribe('narrow', two);
    const heardAll = async (count: number) => {
      for (let i = 0; i < 500 && heard.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await first.app.broker.publish('narrow', 'a');
    await heardAll(2);
    await second.app.broker.unsubscribe('narrow', one);
    await first.app.broker.publish('narrow', 'b');
    await heardAll(3);
    await second.app.broker.unsubscribe('narrow', two);
    const last = nextMessage(second.app, 'narrow-done');
    await first.app.broker.publish('narrow', 'c');
    // Published after the others on the same connection: once it is here, they all would be.
    await first.app.broker.publish('narrow-done', 'done');
    await last;
    expect(heard).toEqual(['one a', 'two a', 'two b']);
  });

  it("drops the other instance's cached member when the profile changes through the first", async () => {
    const member = await memberWithSession('Anna');
    expect(await userName(second.app, member.cookie)).toBe('Anna');
    // The second instance answers from its cache: a change behind its back goes unseen.
    await database.db
      .update(profiles)
      .set({ name: 'Anne' })
      .where(eq(profiles.id, (await profileOf(member.userId))!));
    expect(await userName(second.app, member.cookie)).toBe('Anna');

    const told = nextMessage(second.app, MEMBER_CHANGED_CHANNEL);
    const update = await first.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      headers: { cookie: member.cookie },
      payload: { name: 'Bea' },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(await told).toEqual({ userId: member.userId });
    expect(await userName(second.app, member.cookie)).toBe('Bea');
  });

  it("gives the other instance's cached member a paid send's new balance, without looking the member up again", async () => {
    const member = await memberWithSession('Carla');
    const user = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: member.cookie } })).json().user;
    for (const app of [first.app, second.app]) expect((await user(app)).credits).toBe(0);
    // A change behind the cache's back shows whether the row was looked up again: it must not be.
    await database.db
      .update(profiles)
      .set({ name: 'Carlotta' })
      .where(eq(profiles.id, (await profileOf(member.userId))!));

    const told = nextMessage(second.app, MEMBER_CHANGED_CHANNEL);
    first.app.memberCreditsChanged(member.userId, 42);
    expect(await told).toEqual({ userId: member.userId, credits: 42 });
    for (const app of [first.app, second.app]) expect(await user(app)).toMatchObject({ credits: 42, profile: { name: 'Carla' } });
  });

  it("drops the other instance's cached site when a site changes", async () => {
    const before = await siteName(second.app);
    await database.db.update(sites).set({ name: 'Renamed Site' }).where(eq(sites.domain, 'localhost'));
    expect(await siteName(second.app)).toBe(before);

    const told = nextMessage(second.app, SITES_CHANGED_CHANNEL);
    await first.app.sites.changed();
    await told;
    expect(await siteName(second.app)).toBe('Renamed Site');
    expect(await siteName(first.app)).toBe('Renamed Site');
  });
});

async function profileOf(userId: number): Promise<number | null | undefined> {
  return (await database.db.select({ profileId: users.profileId }).from(users).where(eq(users.id, userId)))[0]?.profileId;
}
