/**
 * The live channel (issue 12; decision 028) with real sockets (`ws`) against listening apps and
 * real sessions: who gets a socket (members only, own origin), hello first, fan-out to every tab
 * of a profile and nobody else, across two apps on one database and broker (the in-process hub;
 * with REDIS_URL, Redis pub/sub), likes as frames, heartbeat, logout and session expiry, client
 * frames (handler, malformed, oversized, flood), metrics and shutdown. Back-pressure has a file
 * of its own (back-pressure.test.ts). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { LIVE_CLOSE } from '@cupido/shared/rules/live-frames';
import { createAccountsTestApp, type AccountsTestApp } from '../../test/accounts-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { activeMemberOn, addPhoto, insertProfile, newSite, send } from '../profiles/test/profiles-test-kit';
import type { LiveMember } from './live-hub';
import { baseUrlOf, closeAll, openLive, openLiveReady, type LiveClient } from './test/live-test-kit';

const HEARTBEAT_MS = 150;
const liveLimits = { heartbeatMs: HEARTBEAT_MS };
const brokerChannelPrefix = `cupido-test:${randomBytes(6).toString('hex')}:`;
let t: AccountsTestApp;
/** A second app on the same database and broker channels: another server process, as far as the channel can tell. */
let other: TestApp;
let otherClosed = false;
let base: string;
let otherBase: string;
const clients: LiveClient[] = [];
type Member = Awaited<ReturnType<typeof activeMemberOn>>;
let anna: Member;
let ben: Member;
let cleo: Member;

const open = (url: string, options: Parameters<typeof openLive>[1] = {}) => {
  const client = openLive(url, options);
  clients.push(client);
  return client;
};
const openReady = async (url: string, options: Parameters<typeof openLive>[1] = {}) => {
  const client = await openLiveReady(url, options);
  clients.push(client);
  return client;
};
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  t = await createAccountsTestApp(new Date('2026-03-10T10:00:00Z'), {
    brokerChannelPrefix,
    liveLimits,
    metricsToken: 'live-metrics-token-0123456789',
  });
  other = await createTestApp({ brokerChannelPrefix, liveLimits }, { database: t.database, clock: t.clock });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  await other.app.listen({ host: '127.0.0.1', port: 0 });
  base = baseUrlOf(t.app);
  otherBase = baseUrlOf(other.app);
  anna = await activeMemberOn(t, 'localhost');
  ben = await activeMemberOn(t, 'localhost');
  cleo = await activeMemberOn(t, 'localhost');
});

afterAll(async () => {
  await closeAll(clients);
  if (!otherClosed) await other?.close();
  await t?.close();
});

describe('who gets a socket', () => {
  it('greets a logged-in member with hello first, from the registered hello source', async () => {
    const plain = await openReady(base, { cookie: anna.cookie });
    expect(plain.frames[0]).toEqual({ type: 'hello', last_message_id: expect.any(Number), new_likes: expect.any(Number) });

    const asked: LiveMember[] = [];
    t.app.live.setHelloSource(async (member) => {
      asked.push(member);
      return { last_message_id: 4711, new_likes: 2 };
    });
    const client = await openReady(base, { cookie: anna.cookie, origin: base });
    expect(client.frames[0]).toEqual({ type: 'hello', last_message_id: 4711, new_likes: 2 });
    expect(asked).toEqual([{ userId: anna.userId, profileId: anna.profileId, siteId: expect.any(Number) }]);
  });

  it('holds frames published while the hello is being made until after it', async () => {
    let release = () => {};
    let asked = () => {};
    const helloAsked = new Promise<void>((resolve) => (asked = resolve));
    t.app.live.setHelloSource(async () => {
      asked();
      await new Promise<void>((resolve) => (release = resolve));
      return { last_message_id: 7, new_likes: 0 };
    });
    try {
      const client = open(base, { cookie: ben.cookie });
      await helloAsked;
      await t.app.live.sendTo([ben.profileId], { type: 'counts', unread_messages: 1, new_likes: 0 });
      await delay(50);
      expect(client.frames).toEqual([]);
      release();
      await client.waitFor((f) => f.type === 'counts');
      expect(client.frames).toEqual([
        { type: 'hello', last_message_id: 7, new_likes: 0 },
        { type: 'counts', unread_messages: 1, new_likes: 0 },
      ]);
    } finally {
      t.app.live.setHelloSource(async () => ({ last_message_id: 0, new_likes: 0 }));
    }
  });

  it('closes the socket with try-again-later when the hello cannot be made', async () => {
    t.app.live.setHelloSource(async () => {
      throw new Error('database down');
    });
    try {
      const client = open(base, { cookie: ben.cookie });
      expect(await client.closed).toEqual({ code: LIVE_CLOSE.tryAgainLater, reason: 'hello_failed' });
      expect(client.frames).toEqual([]);
    } finally {
      t.app.live.setHelloSource(async () => ({ last_message_id: 0, new_likes: 0 }));
    }
  });

  it('cuts an upgrade on any other path (the app still closes: checked when this file ends)', async () => {
    const stray = new WebSocket(`${base.replace(/^http/, 'ws')}/api/health`);
    const failure = await new Promise<Error>((resolve) => stray.on('error', resolve));
    expect(failure.message).toMatch(/socket hang up/);
  });

  it('closes the socket of a visitor, an unknown session and a page of another origin with policy violation', async () => {
    const refused = [
      open(base),
      open(base, { cookie: 'auth.session=not-a-session' }),
      open(base, { cookie: anna.cookie, origin: 'https://evil.example' }),
      // Another port of the same host is another origin.
      open(base, { cookie: anna.cookie, origin: 'http://127.0.0.1:1' }),
      open(base, { cookie: anna.cookie, origin: 'null' }),
    ];
    for (const client of refused) {
      expect(await client.closed).toEqual({ code: LIVE_CLOSE.policyViolation, reason: 'not allowed' });
      expect(client.frames).toEqual([]);
    }
    // The site's configured origin passes, whatever host the request was sent to (decision 022).
    await openReady(base, { cookie: anna.cookie, origin: 'https://localhost' });
  });

  it('refuses a session of another site: the socket is for the site the request names', async () => {
    const client = open(base, { cookie: anna.cookie, query: '?domain=nl.localhost' });
    expect((await client.closed).code).toBe(LIVE_CLOSE.policyViolation);
  });
});

describe('sendTo', () => {
  it('reaches every tab of the profile and nobody else', async () => {
    const [annaTab1, annaTab2, benTab] = await Promise.all([
      openReady(base, { cookie: anna.cookie }),
      openReady(base, { cookie: anna.cookie }),
      openReady(base, { cookie: ben.cookie }),
    ]);
    await t.app.live.sendTo([anna.profileId], { type: 'counts', unread_messages: 3, new_likes: 1 });
    // Same channel, in order: once Ben has the marker, Anna's frame would have come before it.
    await t.app.live.sendTo([anna.profileId, ben.profileId], { type: 'conversation_removed', conversation: 99 });
    for (const tab of [annaTab1, annaTab2]) {
      await tab.waitFor((f) => f.type === 'conversation_removed');
      expect(tab.frames.slice(1)).toEqual([
        { type: 'counts', unread_messages: 3, new_likes: 1 },
        { type: 'conversation_removed', conversation: 99 },
      ]);
    }
    await benTab.waitFor((f) => f.type === 'conversation_removed');
    expect(benTab.frames.map((f) => f.type)).toEqual(['hello', 'conversation_removed']);
  });

  it('refuses a frame outside the contract before publishing it', async () => {
    await expect(t.app.live.sendTo([anna.profileId], { type: 'counts', unread_messages: 'many' } as never)).rejects.toThrow();
  });

  it('carries a frame sent in one app to the sockets of another app on the same broker', async () => {
    const annaElsewhere = await openReady(otherBase, { cookie: anna.cookie });
    const annaHere = await openReady(base, { cookie: anna.cookie });
    await t.app.live.sendTo([anna.profileId], { type: 'typing', conversation: 5, profile: ben.profileId });
    await other.app.live.sendTo([anna.profileId], { type: 'conversation_removed', conversation: 6 });
    for (const tab of [annaElsewhere, annaHere]) {
      await tab.waitFor((f) => f.type === 'conversation_removed');
      expect(tab.frames.slice(1)).toEqual([
        { type: 'typing', conversation: 5, profile: ben.profileId },
        { type: 'conversation_removed', conversation: 6 },
      ]);
    }
  });
});

describe('likes on the live channel', () => {
  it('tells the liked member of a new like and of a match, wherever their socket is, and nothing of a repeated match', async () => {
    const cleoElsewhere = await openReady(otherBase, { cookie: cleo.cookie });
    const benHere = await openReady(base, { cookie: ben.cookie });

    const liked = await send(t, 'POST', '/api/like.php', { profile_id: cleo.profileId }, ben.cookie);
    expect(liked.statusCode, liked.body).toBe(200);
    expect(await cleoElsewhere.waitFor((f) => f.type === 'like')).toEqual({
      type: 'like',
      profile: ben.profileId,
      like_state: 'liked_you',
    });

    // Cleo likes back through the other app: a match, which Ben hears of here.
    const back = await other.app.inject({
      method: 'POST',
      url: '/api/like.php',
      payload: { profile_id: ben.profileId },
      headers: { cookie: cleo.cookie },
    });
    expect(back.json().match).not.toBeNull();
    expect(await benHere.waitFor((f) => f.type === 'like')).toEqual({ type: 'like', profile: cleo.profileId, like_state: 'match' });

    // Liking an existing match again changes nothing and says nothing.
    await send(t, 'POST', '/api/like.php', { profile_id: cleo.profileId }, ben.cookie);
    await t.app.live.sendTo([cleo.profileId], { type: 'conversation_removed', conversation: 1 });
    await cleoElsewhere.waitFor((f) => f.type === 'conversation_removed');
    expect(cleoElsewhere.frames.filter((f) => f.type === 'like')).toHaveLength(1);
  });

  it("tells the member's open apps of a fictional profile's auto-like", async () => {
    const site = await newSite(t, { autoLike: { enabled: true, max_per_day: 10, min_minutes_between: 0, after_events: [] } });
    const member = await activeMemberOn(t, site.domain);
    // A man who looks for both: one the test kits' member (a woman who looks for men) is shown, both ways (decision 036).
    const fictionalId = await insertProfile(t.database.db, {
      siteId: site.siteId,
      gender: 'male',
      birthDate: '1994-01-01',
      isFictional: true,
    });
    await addPhoto(t.database.db, fictionalId);
    const otherTab = await openReady(otherBase, { cookie: member.cookie, query: `?domain=${site.domain}` });

    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/auto-like.php?domain=${site.domain}`,
      headers: { cookie: member.cookie },
    });
    expect(answer.json().profile).toMatchObject({ id: fictionalId });
    expect(await otherTab.waitFor((f) => f.type === 'like')).toEqual({ type: 'like', profile: fictionalId, like_state: 'liked_you' });
  });
});

describe('client frames', () => {
  it('reach the registered handler with the member; a failing handler leaves the socket open', async () => {
    const received: Array<{ member: LiveMember; conversation: number }> = [];
    t.app.live.onClientFrame('typing', async (member, frame) => {
      received.push({ member, conversation: frame.conversation });
      if (frame.conversation === 13) throw new Error('handler failed');
    });
    const client = await openReady(base, { cookie: ben.cookie });
    client.send({ type: 'typing', conversation: 13 });
    client.send({ type: 'typing', conversation: 14 });
    await waitUntil(() => received.length === 2);
    const member = { userId: ben.userId, profileId: ben.profileId, siteId: expect.any(Number) };
    expect(received).toEqual([
      { member, conversation: 13 },
      { member, conversation: 14 },
    ]);
    expect(client.ws.readyState).toBe(client.ws.OPEN);
  });

  it('ignores malformed and unknown frames, and closes the socket after too many of them', async () => {
    const handled: number[] = [];
    t.app.live.onClientFrame('read', async (_member, frame) => void handled.push(frame.up_to));
    const client = await openReady(base, { cookie: ben.cookie });
    client.send('not json');
    client.send({ type: 'dance', conversation: 1 });
    client.send({ type: 'read', conversation: 'one', up_to: 2 });
    client.send(Buffer.from([1, 2, 3]));
    client.send({ type: 'read', conversation: 1, up_to: 5 });
    await waitUntil(() => handled.length === 1);
    expect(handled).toEqual([5]);
    expect(client.ws.readyState).toBe(client.ws.OPEN);

    // Ten bad frames a minute are tolerated (4 so far); the eleventh closes the socket.
    for (let i = 0; i < 7; i++) client.send('{');
    expect(await client.closed).toEqual({ code: LIVE_CLOSE.policyViolation, reason: 'bad_frames' });
    expect(handled).toEqual([5]);
  });

  it('closes the socket on a frame above the size limit', async () => {
    const client = await openReady(base, { cookie: ben.cookie });
    client.send(JSON.stringify({ type: 'typing', conversation: 1, padding: 'x'.repeat(5_000) }));
    expect(await client.closed).toEqual({ code: LIVE_CLOSE.policyViolation, reason: 'frame_too_large' });
  });

  it('lets a burst through but not a flood: frames over the rate are dropped and then close the socket', async () => {
    let handled = 0;
    t.app.live.onClientFrame('delivered', async () => void (handled += 1));
    const client = await openReady(base, { cookie: ben.cookie });
    for (let i = 1; i <= 200; i++) client.send({ type: 'delivered', conversation: 1, up_to: i });
    expect(await client.closed).toEqual({ code: LIVE_CLOSE.policyViolation, reason: 'bad_frames' });
    // A burst of 40 (twice the rate a second), perhaps one more refilled meanwhile; never the flood.
    expect(handled).toBeGreaterThanOrEqual(40);
    expect(handled).toBeLessThan(45);
  });
});

describe('heartbeat and session', () => {
  it('terminates a client that does not answer pings, and keeps one that does', async () => {
    const silent = await openReady(base, { cookie: ben.cookie, autoPong: false });
    const answering = await openReady(base, { cookie: ben.cookie });
    const started = Date.now();
    // Cut without a closing handshake (1006) after at most two heartbeats.
    expect((await silent.closed).code).toBe(1006);
    expect(Date.now() - started).toBeLessThan(HEARTBEAT_MS * 6);
    await delay(HEARTBEAT_MS * 4);
    expect(answering.ws.readyState).toBe(answering.ws.OPEN);
  });

  it('closes the sockets of a session that logs out, in every app, and keeps the member’s other sessions', async () => {
    const second = await activeMemberOn(t, 'localhost');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: second.body.email, password: second.body.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const otherSession = login.cookies.find((c) => c.name === 'auth.session')!;
    const here = await openReady(base, { cookie: second.cookie });
    const elsewhere = await openReady(otherBase, { cookie: second.cookie });
    const stays = await openReady(otherBase, { cookie: `auth.session=${otherSession.value}` });

    const logout = await t.app.inject({ method: 'POST', url: '/api/logout.php', headers: { cookie: second.cookie } });
    expect(logout.statusCode).toBe(200);
    expect(await here.closed).toEqual({ code: LIVE_CLOSE.policyViolation, reason: 'session' });
    expect(await elsewhere.closed).toEqual({ code: LIVE_CLOSE.policyViolation, reason: 'session' });
    await delay(HEARTBEAT_MS * 2);
    expect(stays.ws.readyState).toBe(stays.ws.OPEN);
  });
});

describe('a paid send’s new balance', () => {
  it('asks no socket its session again (it ends none); a member change does', async () => {
    const member = await activeMemberOn(t, 'localhost');
    const socket = await openReady(base, { cookie: member.cookie });
    // The session ends behind the hub's back: only a check of it would close the socket.
    await t.database.db.execute(sql`delete from sessions where user_id = ${member.userId}`);
    t.app.memberCreditsChanged(member.userId, 90);
    await delay(HEARTBEAT_MS * 2);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    t.app.forgetMemberSessions(member.userId);
    expect(await socket.closed).toEqual({ code: LIVE_CLOSE.policyViolation, reason: 'session' });
  });
});

describe('metrics', () => {
  it('counts the open sockets of the app', async () => {
    await closeAll(clients.splice(0));
    const tabs = await Promise.all([openReady(base, { cookie: anna.cookie }), openReady(base, { cookie: ben.cookie })]);
    clients.push(...tabs);
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer live-metrics-token-0123456789' },
    });
    expect(response.body).toMatch(/^cupido_live_sockets 2$/m);
    expect(t.app.live.socketCount()).toBe(2);
  });
});

describe('session expiry and shutdown (last: they move the clock and close the other app)', () => {
  it('closes a socket whose session expired at the next heartbeat, and refuses it a new one', async () => {
    const client = await openReady(base, { cookie: anna.cookie });
    t.clock.advance(31 * 24 * 3600 * 1000);
    expect(await client.closed).toEqual({ code: LIVE_CLOSE.policyViolation, reason: 'session' });
    const again = open(base, { cookie: anna.cookie });
    expect((await again.closed).code).toBe(LIVE_CLOSE.policyViolation);
  });

  it('tells every socket it is going away on close, cuts one that does not answer, and stops promptly', async () => {
    const fresh = await activeMemberOn(t, 'localhost');
    const answering = await openReady(otherBase, { cookie: fresh.cookie });
    const frozen = await openReady(otherBase, { cookie: fresh.cookie });
    frozen.pauseReading();
    const started = Date.now();
    otherClosed = true;
    await other.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await answering.closed).toEqual({ code: LIVE_CLOSE.goingAway, reason: 'shutdown' });
    frozen.resumeReading();
    expect((await frozen.closed).code).not.toBe(LIVE_CLOSE.policyViolation);
    expect(other.app.live.socketCount()).toBe(0);
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await delay(10);
  }
}
