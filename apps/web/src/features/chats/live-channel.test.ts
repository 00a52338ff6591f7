import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { LIVE_CLOSE } from '@cupido/shared/rules/live-frames';
import { liveStatus, onLiveReconnect, sendLive, subscribeLive, type LiveHello } from './live-events';
import { liveUrl, parseLiveFrame, reconnectDelayMs, startLiveChannel, type LiveChannel } from './live-channel';
import { messageFrame, startLiveServer, type LiveServer } from './test/chats-test-kit';

let server: LiveServer | null = null;
let channel: LiveChannel | null = null;
const cleanups: (() => void)[] = [];

afterEach(async () => {
  channel?.stop();
  channel = null;
  for (const cleanup of cleanups.splice(0)) cleanup();
  await server?.stop();
  server = null;
  vi.restoreAllMocks();
});

/** Waits longer than Testing Library's default second: reconnects take a few hundred milliseconds. */
const eventually = (check: () => void, timeout = 3_000) => waitFor(check, { timeout });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function collect<T>(subscribe: (push: (value: T) => void) => () => void): T[] {
  const values: T[] = [];
  cleanups.push(subscribe((value) => values.push(value)));
  return values;
}

describe('live channel: address, frames, delays', () => {
  it('connects to LIVE_PATH on the page’s own host, wss: on https', () => {
    expect(liveUrl({ protocol: 'https:', host: 'cupido.test' })).toBe('wss://cupido.test/api/live');
    expect(liveUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/api/live');
  });

  it('reads only valid server frames', () => {
    expect(parseLiveFrame('{"type":"hello","last_message_id":4,"new_likes":1}')).toEqual({
      type: 'hello',
      last_message_id: 4,
      new_likes: 1,
    });
    const message = messageFrame(3, 31);
    expect(parseLiveFrame(JSON.stringify(message))).toEqual(message);
    for (const bad of [
      'not json',
      '{"type":"hello"}',
      '{"type":"unknown"}',
      '[]',
      '{"type":"counts","unread_messages":"1","new_likes":0}',
    ]) {
      expect(parseLiveFrame(bad)).toBeNull();
    }
    expect(parseLiveFrame(new ArrayBuffer(4))).toBeNull();
  });

  it('waits longer after each failed try, half fixed and half random, up to the cap', () => {
    const lowest = () => 0;
    const highest = () => 1;
    expect([0, 1, 2, 3].map((attempt) => reconnectDelayMs(attempt, lowest))).toEqual([500, 1_000, 2_000, 4_000]);
    expect([0, 1, 2, 3].map((attempt) => reconnectDelayMs(attempt, highest))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(reconnectDelayMs(10, lowest)).toBe(15_000);
    expect(reconnectDelayMs(50, highest)).toBe(30_000);
  });
});

describe('live channel against a WebSocket server', () => {
  it('opens one socket on the page’s origin and hands each valid frame to its subscribers, ignoring bad ones', async () => {
    server = await startLiveServer({ lastMessageId: () => 12 });
    const hellos = collect<LiveHello>((push) => subscribeLive('hello', push));
    const counts = collect<unknown>((push) => subscribeLive('counts', push));
    const statuses: string[] = [];
    channel = startLiveChannel();
    statuses.push(liveStatus());
    await eventually(() => expect(hellos).toEqual([{ type: 'hello', last_message_id: 12, new_likes: 0 }]));
    expect(statuses).toEqual(['connecting']);
    expect(liveStatus()).toBe('open');
    expect(server.connections).toEqual([{ at: expect.any(Number), origin: `http://127.0.0.1:${server.port}` }]);

    server.send('{"type":"counts","unread_messages":"three"}');
    server.send('garbage');
    server.send({ type: 'counts', unread_messages: 3, new_likes: 1 });
    await eventually(() => expect(counts).toEqual([{ type: 'counts', unread_messages: 3, new_likes: 1 }]));
  });

  it('sends client frames while open and drops them while disconnected', async () => {
    expect(sendLive({ type: 'typing', conversation: 3 })).toBe(false);
    server = await startLiveServer();
    channel = startLiveChannel();
    await eventually(() => expect(liveStatus()).toBe('open'));
    expect(sendLive({ type: 'read', conversation: 3, up_to: 31 })).toBe(true);
    await eventually(() => expect(server!.received).toEqual([{ type: 'read', conversation: 3, up_to: 31 }]));
    channel.stop();
    expect(liveStatus()).toBe('closed');
    expect(sendLive({ type: 'typing', conversation: 3 })).toBe(false);
  });

  it('reconnects after each drop with a growing delay, and tells about each reopening with its hello', async () => {
    let newest = 5;
    server = await startLiveServer({ lastMessageId: () => newest });
    const reconnects = collect<LiveHello>((push) => onLiveReconnect(push));
    // The highest jitter: 40, 80 then 160 ms.
    channel = startLiveChannel({ baseMs: 40, random: () => 1 });
    await eventually(() => expect(server!.connections).toHaveLength(1));
    await eventually(() => expect(liveStatus()).toBe('open'));
    expect(reconnects).toEqual([]);

    for (const [round, code] of [LIVE_CLOSE.tryAgainLater, LIVE_CLOSE.goingAway, LIVE_CLOSE.tryAgainLater].entries()) {
      newest += 1;
      server.closeAll(code);
      await eventually(() => expect(server!.connections).toHaveLength(round + 2));
      await eventually(() => expect(reconnects).toHaveLength(round + 1));
    }
    expect(reconnects.map((hello) => hello.last_message_id)).toEqual([6, 7, 8]);
    const gaps = server.connections.slice(1).map((connection, i) => connection.at - server!.connections[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(40);
    expect(gaps[1]).toBeGreaterThanOrEqual(80);
    expect(gaps[2]).toBeGreaterThanOrEqual(160);
  });

  it('does not reconnect after a policy violation (not logged in, foreign origin), and says so', async () => {
    server = await startLiveServer();
    const refused = vi.fn();
    channel = startLiveChannel({ baseMs: 20, onPolicyViolation: refused });
    await eventually(() => expect(liveStatus()).toBe('open'));
    server.closeAll(LIVE_CLOSE.policyViolation);
    await eventually(() => expect(refused).toHaveBeenCalledOnce());
    await sleep(300); // fifteen times the first retry's delay
    expect(server.connections).toHaveLength(1);
    expect(liveStatus()).toBe('closed');
    window.dispatchEvent(new Event('online'));
    await sleep(100);
    expect(server.connections).toHaveLength(1);
  });

  it('does not reconnect after too_many_sockets (no loop of tabs displacing each other), until its page is shown again', async () => {
    server = await startLiveServer();
    const refused = vi.fn();
    channel = startLiveChannel({ baseMs: 20, onPolicyViolation: refused });
    await eventually(() => expect(liveStatus()).toBe('open'));
    server.closeAll(LIVE_CLOSE.tooManySockets);
    await eventually(() => expect(liveStatus()).toBe('closed'));
    await sleep(300); // fifteen times the first retry's delay
    window.dispatchEvent(new Event('online'));
    await sleep(100);
    expect(server.connections).toHaveLength(1);
    expect(refused).not.toHaveBeenCalled();

    // The member comes back to this tab: it is the one in use now, so it takes a socket again.
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await eventually(() => expect(server!.connections).toHaveLength(2));
    await eventually(() => expect(liveStatus()).toBe('open'));
  });

  it('reconnects at once when the browser goes online or the page becomes visible again, instead of waiting', async () => {
    server = await startLiveServer();
    channel = startLiveChannel({ baseMs: 60_000 });
    await eventually(() => expect(liveStatus()).toBe('open'));

    server.closeAll(LIVE_CLOSE.goingAway);
    await eventually(() => expect(liveStatus()).toBe('closed'));
    window.dispatchEvent(new Event('online'));
    await eventually(() => expect(server!.connections).toHaveLength(2));
    await eventually(() => expect(liveStatus()).toBe('open'));

    server.closeAll(LIVE_CLOSE.goingAway);
    await eventually(() => expect(liveStatus()).toBe('closed'));
    document.dispatchEvent(new Event('visibilitychange'));
    await eventually(() => expect(server!.connections).toHaveLength(3));
  });

  it('after a long time hidden (a sleeping phone) opens a new socket on return, even if the old one looks open', async () => {
    server = await startLiveServer();
    let now = 1_000_000;
    const reconnects = collect<LiveHello>((push) => onLiveReconnect(push));
    channel = startLiveChannel({ now: () => now, staleAfterHiddenMs: 50_000 });
    await eventually(() => expect(liveStatus()).toBe('open'));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    now += 10_000;
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await sleep(100);
    expect(server.connections).toHaveLength(1); // a short look away keeps the socket

    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    now += 60_000;
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await eventually(() => expect(server!.connections).toHaveLength(2));
    await eventually(() => expect(reconnects).toHaveLength(1));
  });

  it('stop() closes the socket for good', async () => {
    server = await startLiveServer();
    channel = startLiveChannel({ baseMs: 20 });
    await eventually(() => expect(liveStatus()).toBe('open'));
    channel.stop();
    await sleep(200);
    expect(server.connections).toHaveLength(1);
    expect(liveStatus()).toBe('closed');
  });
});
