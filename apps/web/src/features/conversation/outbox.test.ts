import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, sentBodies, stubApi } from '../../test/api-stub';
import { chatMessage } from './test/conversation-test-kit';
import { createOutbox, isRetryableSendFailure, OUTBOX_STORAGE_KEY, sendEntry, type OutboxDeps } from './outbox';
import { ApiError } from '../../api/client';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

/** A page's outbox on the tab's sessionStorage, sending through the real calls; timers are the test's to run. */
function pageOutbox(overrides: Partial<OutboxDeps> = {}) {
  const timers: (() => void)[] = [];
  let id = 0;
  const outbox = createOutbox({
    storage: sessionStorage,
    send: sendEntry,
    randomId: () => `00000000-0000-4000-8000-00000000000${++id}`,
    now: () => new Date('2026-11-24T10:00:00.000Z'),
    isOnline: () => true,
    setTimer: (run) => timers.push(run),
    clearTimer: () => {},
    ...overrides,
  });
  return { outbox, runTimers: () => timers.splice(0).forEach((run) => run()) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('outbox', () => {
  it('a message that failed for the network survives a reload and is sent then with the same client id, once', async () => {
    let online = false;
    const fetch = stubApi({
      'POST /api/message.php': (body) => {
        if (!online) throw new TypeError('Failed to fetch');
        return {
          status: 201,
          body: { message: chatMessage(8, { from_me: true, client_id: (body as { client_id: string }).client_id }), credits: 5 },
        };
      },
    });
    const before = pageOutbox();
    before.outbox.send({ userId: 7, profileId: 42, kind: 'text', text: 'Still there?' });
    await settle();
    expect(before.outbox.getSnapshot()[0]!.status).toBe('waiting');
    expect(JSON.parse(sessionStorage.getItem(OUTBOX_STORAGE_KEY)!)).toEqual([
      expect.objectContaining({ text: 'Still there?', status: 'waiting' }),
    ]);

    // The reload: a new page's outbox reads the tab's storage; the network is back.
    online = true;
    const after = pageOutbox();
    const stored = vi.fn();
    after.outbox.onStored(stored);
    after.outbox.resume(7);
    await settle();
    const bodies = sentBodies(fetch, 'POST /api/message.php') as { client_id: string }[];
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(stored).toHaveBeenCalledOnce();
    expect(after.outbox.getSnapshot()).toEqual([]);
    expect(sessionStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
  });

  it('never sends what another member left in the tab', async () => {
    const fetch = stubApi({ 'POST /api/message.php': () => apiError(500, 'internal', 'x') });
    const first = pageOutbox({ isOnline: () => false });
    first.outbox.send({ userId: 7, profileId: 42, kind: 'text', text: 'Mine' });
    await settle();
    const other = pageOutbox();
    other.outbox.resume(8);
    await settle();
    expect(other.outbox.getSnapshot()).toEqual([]);
    expect(sentBodies(fetch, 'POST /api/message.php')).toHaveLength(1); // the first page's one try, offline after it
  });

  it('sends one partner’s messages in the order written, the next after the previous is stored', async () => {
    const order: string[] = [];
    stubApi({
      'POST /api/message.php': (body) => {
        const { text, gift, client_id } = body as { text?: string; gift?: 'rose'; client_id: string };
        order.push(text ?? `gift:${gift}`);
        const content = gift ? { kind: 'gift' as const, text: null, gift } : { text: text ?? null };
        return { status: 201, body: { message: chatMessage(order.length, { from_me: true, client_id, ...content }), credits: 5 } };
      },
    });
    const { outbox } = pageOutbox();
    outbox.send({ userId: 7, profileId: 42, kind: 'text', text: 'one' });
    outbox.send({ userId: 7, profileId: 42, kind: 'text', text: 'two' });
    outbox.send({ userId: 7, profileId: 42, kind: 'gift', gift: 'rose' });
    await vi.waitFor(() => expect(outbox.getSnapshot()).toEqual([]));
    expect(order).toEqual(['one', 'two', 'gift:rose']);
  });

  it('waits a growing pause after each failure and stops at a refusal, keeping it for the screen', async () => {
    let answer: 'down' | 'refuse' = 'down';
    const fetch = stubApi({
      'POST /api/message.php': () => {
        if (answer === 'down') return apiError(503, 'unavailable', 'Down');
        return apiError(403, 'chat_blocked', 'You blocked this member.');
      },
    });
    const pauses: number[] = [];
    const timers: (() => void)[] = [];
    const { outbox } = pageOutbox({ setTimer: (run, ms) => (pauses.push(ms), timers.push(run)) });
    outbox.send({ userId: 7, profileId: 42, kind: 'text', text: 'Hello' });
    await settle();
    timers.shift()!();
    await settle();
    answer = 'refuse';
    timers.shift()!();
    await settle();
    expect(pauses).toEqual([500, 1000]);
    expect(sentBodies(fetch, 'POST /api/message.php')).toHaveLength(3);
    expect(outbox.getSnapshot()).toEqual([
      expect.objectContaining({ status: 'refused', refusal: { status: 403, code: 'chat_blocked', message: 'You blocked this member.' } }),
    ]);
    expect(timers).toHaveLength(0);
  });

  it('tries again only what a later try may pass', () => {
    expect(isRetryableSendFailure(new ApiError(0, 'network_error', 'x'))).toBe(true);
    expect(isRetryableSendFailure(new ApiError(502, 'http_error', 'x'))).toBe(true);
    expect(isRetryableSendFailure(new ApiError(429, 'too_many_requests', 'x'))).toBe(true);
    expect(isRetryableSendFailure(new ApiError(429, 'too_many_messages', 'x'))).toBe(false);
    expect(isRetryableSendFailure(new ApiError(402, 'insufficient_credits', 'x'))).toBe(false);
    expect(isRetryableSendFailure(new ApiError(403, 'premium_only', 'x'))).toBe(false);
  });
});
