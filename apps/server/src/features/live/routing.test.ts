/**
 * Frames go only to the processes that hold a socket of their profile (decision 073): each
 * process subscribes to a profile's channel while it holds one of that profile's sockets, and
 * leaves it when the last one closes. Two apps on one database and one broker prefix stand for
 * two processes (with REDIS_URL the frames cross Redis; without, the in-process hub). Each app's
 * real broker is watched: which channels it subscribed to, and how many messages reached it on
 * each.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { TLiveServerFrame } from '@cupido/shared/contracts/live';
import type { Broker } from '../../infra/broker';
import { createAccountsTestApp, type AccountsTestApp } from '../../test/accounts-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { activeMemberOn } from '../profiles/test/profiles-test-kit';
import { liveChannelOf } from './hub';
import { baseUrlOf, closeAll, openLiveReady, type LiveClient } from './test/live-test-kit';

/** What an app's broker subscribed to, and the messages it was handed, by channel. */
interface Watched {
  subscribed: Set<string>;
  heard: Map<string, number>;
}

/** Counts what the broker hears; the broker itself does the work. */
function watch(broker: Broker): Watched {
  const watched: Watched = { subscribed: new Set(), heard: new Map() };
  const wrapped = new Map<unknown, (message: unknown) => void>();
  const subscribe = broker.subscribe.bind(broker);
  const unsubscribe = broker.unsubscribe.bind(broker);
  broker.subscribe = (channel, handler) => {
    const counting = (message: unknown) => {
      watched.heard.set(channel, (watched.heard.get(channel) ?? 0) + 1);
      handler(message);
    };
    wrapped.set(handler, counting);
    watched.subscribed.add(channel);
    return subscribe(channel, counting);
  };
  broker.unsubscribe = (channel, handler) => {
    watched.subscribed.delete(channel);
    return unsubscribe(channel, wrapped.get(handler) ?? handler);
  };
  return watched;
}

const prefix = `cupido-test:${randomBytes(6).toString('hex')}:`;
let a: AccountsTestApp;
let b: TestApp;
let onA: Watched;
let onB: Watched;
const clients: LiveClient[] = [];

beforeAll(async () => {
  a = await createAccountsTestApp(undefined, { brokerChannelPrefix: prefix });
  b = await createTestApp({ brokerChannelPrefix: prefix }, { database: a.database, clock: a.clock });
  onA = watch(a.app.broker);
  onB = watch(b.app.broker);
  await a.app.listen({ host: '127.0.0.1', port: 0 });
  await b.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await closeAll(clients);
  await b?.close();
  await a?.close();
});

const removed = (conversation: number): TLiveServerFrame => ({ type: 'conversation_removed', conversation });
const isRemoved = (conversation: number) => (frame: TLiveServerFrame) =>
  frame.type === 'conversation_removed' && frame.conversation === conversation;
const removedCount = (client: LiveClient) => client.frames.filter((frame) => frame.type === 'conversation_removed').length;

describe('live frames between processes', () => {
  it("reach only the process holding the profile's socket, and stop coming once its last socket closed", async () => {
    const anna = await activeMemberOn(a, 'localhost');
    const ben = await activeMemberOn(a, 'localhost');
    const annaTab = await openLiveReady(baseUrlOf(a.app), { cookie: anna.cookie });
    const benTab = await openLiveReady(baseUrlOf(b.app), { cookie: ben.cookie });
    clients.push(annaTab, benTab);
    const annaChannel = liveChannelOf(anna.profileId);
    const benChannel = liveChannelOf(ben.profileId);
    expect(onA.subscribed).toContain(annaChannel);
    expect(onA.subscribed).not.toContain(benChannel);
    expect(onB.subscribed).toContain(benChannel);
    expect(onB.subscribed).not.toContain(annaChannel);
    if (process.env.REDIS_URL) expect(await redisSubscribers(annaChannel)).toBe(1);

    // Published by either process, each frame reaches its member's socket...
    await b.app.live.sendTo([anna.profileId, ben.profileId], removed(1));
    await a.app.live.sendTo([anna.profileId], removed(2));
    await annaTab.waitFor(isRemoved(2));
    await benTab.waitFor(isRemoved(1));
    // ...and no other process: the one without the socket never heard it.
    expect(onA.heard.get(annaChannel)).toBe(2);
    expect(onB.heard.get(annaChannel)).toBeUndefined();
    expect(onB.heard.get(benChannel)).toBe(1);
    expect(onA.heard.get(benChannel)).toBeUndefined();
    expect(removedCount(annaTab)).toBe(2);
    expect(removedCount(benTab)).toBe(1);

    // Anna's last socket on A closes: A leaves her channel, and her frames no longer come to it.
    annaTab.ws.close();
    await annaTab.closed;
    await until(() => !onA.subscribed.has(annaChannel));
    if (process.env.REDIS_URL) await until(async () => (await redisSubscribers(annaChannel)) === 0);
    await b.app.live.sendTo([anna.profileId, ben.profileId], removed(3));
    await benTab.waitFor(isRemoved(3));
    expect(onA.heard.get(annaChannel)).toBe(2);

    // A new socket of hers, here on B: B subscribes before its hello, so the next frame comes.
    const annaAgain = await openLiveReady(baseUrlOf(b.app), { cookie: anna.cookie });
    clients.push(annaAgain);
    expect(onB.subscribed).toContain(annaChannel);
    await a.app.live.sendTo([anna.profileId], removed(4));
    await annaAgain.waitFor(isRemoved(4));
    expect(onB.heard.get(annaChannel)).toBe(1);
    expect(onA.heard.get(annaChannel)).toBe(2);
  });

  it("keeps a profile's channel while another of its sockets stays, and hears it again on a new one", async () => {
    const carla = await activeMemberOn(a, 'localhost');
    const channel = liveChannelOf(carla.profileId);
    const phone = await openLiveReady(baseUrlOf(a.app), { cookie: carla.cookie });
    const laptop = await openLiveReady(baseUrlOf(a.app), { cookie: carla.cookie });
    clients.push(phone, laptop);
    phone.ws.close();
    await phone.closed;
    await a.app.live.sendTo([carla.profileId], removed(5));
    await laptop.waitFor(isRemoved(5));
    expect(onA.subscribed).toContain(channel);

    // The last one closes and another opens at once: the unsubscribe and the new subscribe run
    // in order on the broker's connection, and the new socket hears its frames.
    laptop.ws.close();
    const tablet = await openLiveReady(baseUrlOf(a.app), { cookie: carla.cookie });
    clients.push(tablet);
    await laptop.closed;
    await a.app.live.sendTo([carla.profileId], removed(6));
    await tablet.waitFor(isRemoved(6));
    expect(onA.subscribed).toContain(channel);
  });
});

/** With Redis: how many connections subscribe to the channel (PUBSUB NUMSUB), so leaving is seen in Redis itself. */
async function redisSubscribers(channel: string): Promise<number | null> {
  if (!process.env.REDIS_URL) return null;
  const redis = new Redis(process.env.REDIS_URL);
  try {
    const [, count] = (await redis.pubsub('NUMSUB', prefix + channel)) as [string, number];
    return count;
  } finally {
    redis.disconnect();
  }
}

/** Waits until the condition (checked now and then, sync or async) holds. */
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
