/**
 * The cap on one member's live sockets in a process (issue 27, finding 11; decision 028): the
 * socket past the cap is taken and the member's oldest is closed with LIVE_CLOSE.tooManySockets;
 * the others, and other members' sockets, stay open and keep receiving. Real sockets against a
 * listening app, real sessions. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_CLOSE } from '@cupido/shared/rules/live-frames';
import { createAccountsTestApp, type AccountsTestApp } from '../../test/accounts-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { activeMemberOn } from '../profiles/test/profiles-test-kit';
import { DEFAULT_LIVE_LIMITS, MAX_LIVE_SOCKETS_PER_MEMBER } from './limits';
import { baseUrlOf, closeAll, openLiveReady, type LiveClient } from './test/live-test-kit';

let t: AccountsTestApp;
/** A second app on the same database with a cap of its own, set through liveLimits. */
let small: TestApp;
const SMALL_CAP = 2;
const clients: LiveClient[] = [];
type Member = Awaited<ReturnType<typeof activeMemberOn>>;
let anna: Member;
let ben: Member;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openMany(base: string, cookie: string, count: number): Promise<LiveClient[]> {
  const opened: LiveClient[] = [];
  // One after another, so "the oldest" is well defined.
  for (let i = 0; i < count; i++) {
    const client = await openLiveReady(base, { cookie });
    clients.push(client);
    opened.push(client);
  }
  return opened;
}

const isOpen = (client: LiveClient) => client.ws.readyState === WebSocket.OPEN;
/** The close the client got within a second, or 'still open'. */
const closeOf = (client: LiveClient) => Promise.race([client.closed, delay(1_000).then(() => 'still open')]);

beforeAll(async () => {
  t = await createAccountsTestApp();
  small = await createTestApp({ liveLimits: { maxSocketsPerMember: SMALL_CAP } }, { database: t.database, clock: t.clock });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  await small.app.listen({ host: '127.0.0.1', port: 0 });
  anna = await activeMemberOn(t, 'localhost');
  ben = await activeMemberOn(t, 'localhost');
});

afterAll(async () => {
  await closeAll(clients);
  await small?.close();
  await t?.close();
});

describe("the cap on one member's sockets", () => {
  it('is ten by default: enough for a phone, a tablet and several tabs', () => {
    expect(MAX_LIVE_SOCKETS_PER_MEMBER).toBe(10);
    expect(DEFAULT_LIVE_LIMITS.maxSocketsPerMember).toBe(MAX_LIVE_SOCKETS_PER_MEMBER);
  });

  it('closes the oldest socket with too_many_sockets when one more opens; the others stay open and receive', async () => {
    const base = baseUrlOf(t.app);
    const bens = await openMany(base, ben.cookie, 1);
    const annas = await openMany(base, anna.cookie, MAX_LIVE_SOCKETS_PER_MEMBER + 1);

    expect(await closeOf(annas[0]!)).toEqual({ code: LIVE_CLOSE.tooManySockets, reason: 'too_many_sockets' });
    await delay(100);
    expect(annas.slice(1).map(isOpen)).toEqual(annas.slice(1).map(() => true));
    expect(bens.map(isOpen)).toEqual([true]);

    await t.app.live.sendTo([anna.profileId, ben.profileId], { type: 'counts', unread_messages: 2, new_likes: 0 });
    const counts = (frame: { type: string }) => frame.type === 'counts';
    await Promise.all([...annas.slice(1), ...bens].map((client) => client.waitFor(counts)));
    expect(annas[0]!.frames.some(counts)).toBe(false);
  });

  it('counts only open sockets: one closed by the member makes room for the next', async () => {
    const base = baseUrlOf(small.app);
    const [first, second] = await openMany(base, ben.cookie, SMALL_CAP);
    first!.ws.close(1000);
    await first!.closed;
    await delay(50);
    const [third] = await openMany(base, ben.cookie, 1);
    await delay(100);
    expect([second, third].map((client) => isOpen(client!))).toEqual([true, true]);

    // The configured cap holds: one more closes the oldest still open.
    await openMany(base, ben.cookie, 1);
    expect(await closeOf(second!)).toEqual({ code: LIVE_CLOSE.tooManySockets, reason: 'too_many_sockets' });
    expect(isOpen(third!)).toBe(true);
  });
});
