/**
 * Back-pressure on the live channel (decision 028), with the real limits: an app that stops
 * reading its socket (a frozen tab, a phone on a bad network) first loses typing frames (above
 * 64 KiB unsent) and then its socket (above 1 MiB unsent, closed with try-again-later, after which
 * the app reconnects and resyncs over HTTP). Messages are never dropped while the socket stays:
 * what it received is an unbroken prefix of what was sent. Nothing else slows down meanwhile.
 *
 * Deterministic: the client stops reading, so the server's unsent bytes only grow once the
 * kernel's buffers are full (a few MB on loopback); 16 KB message frames fill them in a few
 * hundred sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLiveServerFrame } from '@cupido/shared/contracts/live';
import { LIVE_CLOSE } from '@cupido/shared/rules/live-frames';
import { createAccountsTestApp, type AccountsTestApp } from '../../test/accounts-kit';
import { activeMemberOn } from '../profiles/test/profiles-test-kit';
import { DEFAULT_LIVE_LIMITS } from './hub';
import { baseUrlOf, closeAll, messageFrame, openLiveReady, type LiveClient } from './test/live-test-kit';

let t: AccountsTestApp;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await createAccountsTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await closeAll(clients);
  await t?.close();
});

describe('back-pressure', () => {
  it('drops typing frames for a socket that stopped reading, then closes it with try-again-later; other sockets keep everything', async () => {
    const slow = await activeMemberOn(t, 'localhost');
    const quick = await activeMemberOn(t, 'localhost');
    const base = baseUrlOf(t.app);
    const slowTab = await openLiveReady(base, { cookie: slow.cookie });
    const quickTab = await openLiveReady(base, { cookie: quick.cookie });
    clients.push(slowTab, quickTab);
    slowTab.pauseReading();

    const to = [slow.profileId, quick.profileId];
    const before = t.app.live.socketCount();
    let messages = 0;
    let typings = 0;
    // Ten times what the kernel and the hard limit hold together, at most; it ends far sooner.
    while (t.app.live.socketCount() === before && messages < 3_000) {
      messages += 1;
      await t.app.live.sendTo(to, messageFrame(messages, 16_000));
      if (messages % 5 === 0) {
        typings += 1;
        await t.app.live.sendTo(to, { type: 'typing', conversation: 1, profile: 1 });
      }
      // Let the broker deliver before publishing more (Redis delivers on its own connection).
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(t.app.live.socketCount(), 'the slow socket was never closed').toBe(before - 1);
    // At least the kernel's buffers plus the hard limit had to be sent.
    expect(messages * 16_000).toBeGreaterThan(DEFAULT_LIVE_LIMITS.hardBufferBytes);

    slowTab.resumeReading();
    expect(await slowTab.closed).toEqual({ code: LIVE_CLOSE.tryAgainLater, reason: 'slow' });
    const ids = (frames: TLiveServerFrame[]) => frames.flatMap((f) => (f.type === 'message' ? [f.message.id] : []));
    const received = ids(slowTab.frames);
    // An unbroken prefix: every message up to the close, in order, none dropped.
    expect(received).toEqual(Array.from({ length: received.length }, (_, i) => i + 1));
    expect(received.length).toBeLessThanOrEqual(messages);
    // Typing frames went out until the unsent bytes passed the soft limit, none after: the last
    // 1 MiB (about 60 messages of 16 KB) was sent above it, so the last 40 messages came without one.
    const lastTyping = slowTab.frames.map((f) => f.type).lastIndexOf('typing');
    const fortiethFromEnd = slowTab.frames.findIndex((f) => f.type === 'message' && f.message.id === received.length - 40);
    expect(lastTyping).toBeGreaterThan(0);
    expect(lastTyping).toBeLessThan(fortiethFromEnd);

    // The member who reads got every frame.
    await t.app.live.sendTo([quick.profileId], { type: 'conversation_removed', conversation: 1 });
    await quickTab.waitFor((f) => f.type === 'conversation_removed', 20_000);
    expect(ids(quickTab.frames)).toEqual(Array.from({ length: messages }, (_, i) => i + 1));
    expect(quickTab.frames.filter((f) => f.type === 'typing')).toHaveLength(typings);
    expect(quickTab.ws.readyState).toBe(quickTab.ws.OPEN);
  }, 60_000);
});
