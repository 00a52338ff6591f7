/**
 * Presence across processes (issue 28; decision 036): two apps on one database and broker, each
 * with its own process id, as two server processes behind a balancer. A member's socket on one
 * makes the other's marks say "online"; the rows follow the sockets, the heartbeat repairs them,
 * a stale row stops counting and shutdown deletes the process's rows. Real `ws` sockets and
 * sessions; runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { memberPresence } from '../../db/schema';
import { createAccountsTestApp, type AccountsTestApp } from '../../test/accounts-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chatKit, type Member } from '../chats/test/chats-test-kit';
import { activeMemberOn, get } from '../profiles/test/profiles-test-kit';
import { activityMarks } from '../presence/activity';
import { baseUrlOf, closeAll, openLiveReady, type LiveClient } from './test/live-test-kit';
import { PRESENCE_PRUNE_AFTER_MS, PRESENCE_TIMEOUT_MS, presencePruneJob } from './presence';

const brokerChannelPrefix = `cupido-test:${randomBytes(6).toString('hex')}:`;
// One member per statement of a heartbeat's refresh: the tests hold a few members, a site thousands.
const liveLimits = { presenceHeartbeatMs: 100, presenceBeatChunk: 1 };
let t: AccountsTestApp;
/** Process B: a second app on the same database, broker and clock. */
let other: TestApp;
let otherClosed = false;
let baseA: string;
let baseB: string;
const clients: LiveClient[] = [];
let anna: Member;
let ben: Member;
let cleo: Member;
const poll = { timeout: 3_000, interval: 20 };

const rowsOf = (userId: number) => t.database.db.select().from(memberPresence).where(eq(memberPresence.userId, userId));
/** Anna as Ben sees her in his conversation list, asked through process B. */
async function annaInBensListOnB() {
  const response = await get(other, '/api/chats.php', ben.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { chats: { profile: number; partner: { activity?: string } }[] }).chats.find(
    (chat) => chat.profile === anna.profileId,
  )?.partner.activity;
}
const openOn = async (base: string, member: Member) => {
  const client = await openLiveReady(base, { cookie: member.cookie });
  clients.push(client);
  return client;
};
const closeClient = async (client: LiveClient) => {
  client.ws.close();
  await client.closed;
};

beforeAll(async () => {
  t = await createAccountsTestApp(new Date('2026-03-10T10:00:00Z'), { brokerChannelPrefix, liveLimits });
  other = await createTestApp({ brokerChannelPrefix, liveLimits }, { database: t.database, clock: t.clock });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  await other.app.listen({ host: '127.0.0.1', port: 0 });
  baseA = baseUrlOf(t.app);
  baseB = baseUrlOf(other.app);
  anna = await activeMemberOn(t, 'localhost');
  ben = await activeMemberOn(t, 'localhost');
  cleo = await activeMemberOn(t, 'localhost');
  await chatKit(t).sent('localhost', ben.cookie, anna.profileId, 'Hallo Anna');
});

afterAll(async () => {
  await closeAll(clients);
  if (!otherClosed) await other?.close();
  await t?.close();
});

describe('presence across two processes', () => {
  it("says online on process B while Anna's socket is open on process A, and not once it closed", async () => {
    // Active today (she signed up), not online.
    expect(await annaInBensListOnB()).toBe('today');
    const onA = await openOn(baseA, anna);
    await expect.poll(annaInBensListOnB, poll).toBe('online');
    expect(await rowsOf(anna.userId)).toHaveLength(1);

    await closeClient(onA);
    await expect.poll(annaInBensListOnB, poll).toBe('today');
    await expect.poll(async () => (await rowsOf(anna.userId)).length, poll).toBe(0);
  });

  it('keeps one row per process holding a socket of hers: online until her last socket anywhere closes', async () => {
    const onA = await openOn(baseA, anna);
    const secondOnA = await openOn(baseA, anna);
    const onB = await openOn(baseB, anna);
    await expect.poll(async () => (await rowsOf(anna.userId)).length, poll).toBe(2);
    expect(new Set((await rowsOf(anna.userId)).map((row) => row.processId)).size).toBe(2);

    // A second socket on A closing leaves the row of A: another socket of hers is still open there.
    await closeClient(secondOnA);
    await closeClient(onA);
    await expect.poll(async () => (await rowsOf(anna.userId)).length, poll).toBe(1);
    expect(await annaInBensListOnB()).toBe('online');

    await closeClient(onB);
    await expect.poll(async () => (await rowsOf(anna.userId)).length, poll).toBe(0);
    expect(await annaInBensListOnB()).toBe('today');
  });

  it('counts a row only while it is fresh: a process that died stops counting after the timeout', async () => {
    const marks = activityMarks({ db: t.database.db, clock: t.clock });
    const now = t.clock();
    const crashed = { userId: cleo.userId, profileId: cleo.profileId, processId: 'crashed-process' };
    await t.database.db.insert(memberPresence).values({ ...crashed, seenAt: new Date(now.getTime() - PRESENCE_TIMEOUT_MS + 5_000) });
    expect((await marks({ profileId: ben.profileId }, [cleo.profileId])).get(cleo.profileId)).toBe('online');

    await t.database.db
      .update(memberPresence)
      .set({ seenAt: new Date(now.getTime() - PRESENCE_TIMEOUT_MS - 1_000) })
      .where(eq(memberPresence.processId, 'crashed-process'));
    expect((await marks({ profileId: ben.profileId }, [cleo.profileId])).get(cleo.profileId)).toBe('today');

    // The hourly prune deletes it once it is an hour old, not before.
    const prune = (at: Date) => presencePruneJob({ db: t.database.db, clock: () => at }).run({}, { jobId: 'test' } as never);
    await prune(now);
    expect(await rowsOf(cleo.userId)).toHaveLength(1);
    await prune(new Date(now.getTime() + PRESENCE_PRUNE_AFTER_MS));
    expect(await rowsOf(cleo.userId)).toHaveLength(0);
  });

  it("refreshes the process's rows on its heartbeat, a member per statement, and deletes a row of a member it holds no socket of", async () => {
    const onA = await openOn(baseA, anna);
    const bensOnA = await openOn(baseA, ben);
    await expect.poll(async () => (await rowsOf(anna.userId)).length, poll).toBe(1);
    await expect.poll(async () => (await rowsOf(ben.userId)).length, poll).toBe(1);
    const [row] = await rowsOf(anna.userId);
    // Refreshes that failed long ago, and a row of Cleo under A's id that a lost delete left behind.
    const longAgo = new Date(t.clock().getTime() - 10 * PRESENCE_TIMEOUT_MS);
    await t.database.db.update(memberPresence).set({ seenAt: longAgo }).where(eq(memberPresence.processId, row!.processId));
    await t.database.db
      .insert(memberPresence)
      .values({ userId: cleo.userId, profileId: cleo.profileId, processId: row!.processId, seenAt: t.clock() });

    // Both refreshed, though each statement of the refresh writes one member's row.
    await expect.poll(async () => (await rowsOf(anna.userId))[0]?.seenAt.getTime(), poll).toBe(t.clock().getTime());
    await expect.poll(async () => (await rowsOf(ben.userId))[0]?.seenAt.getTime(), poll).toBe(t.clock().getTime());
    await expect.poll(async () => (await rowsOf(cleo.userId)).length, poll).toBe(0);
    expect(await annaInBensListOnB()).toBe('online');
    await closeClient(onA);
    await closeClient(bensOnA);
  });

  // Last: it stops process B.
  it('deletes every row of a process when it shuts down, while the sockets of the other stay counted', async () => {
    await openOn(baseA, cleo);
    await openOn(baseB, anna);
    await openOn(baseB, ben);
    await expect.poll(async () => (await t.database.db.select().from(memberPresence)).length, poll).toBe(3);
    const rowsOfB = (await rowsOf(anna.userId))[0]!.processId;

    await other.close();
    otherClosed = true;
    const left = await t.database.db.select().from(memberPresence);
    expect(left.filter((row) => row.processId === rowsOfB)).toEqual([]);
    expect(left.map((row) => row.userId)).toEqual([cleo.userId]);
  });
});
