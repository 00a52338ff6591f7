/**
 * The live channel's lazy chunk (openLiveChannel): a phone that loses its connection while the
 * first screen settles cannot download it; the channel opens as soon as the connection is back,
 * not a minute later (the offline chat scenario of e2e/tests/chats.spec.ts missed its read
 * receipt this way).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { liveStatus } from './live-events';
import { openLiveChannel } from './use-live-channel';
import { startLiveServer, type LiveServer } from './test/chats-test-kit';

let server: LiveServer;
let close: (() => void) | null = null;

beforeEach(async () => {
  server = await startLiveServer();
});

afterEach(async () => {
  close?.();
  close = null;
  vi.restoreAllMocks();
  await server.stop();
});

/** The real chunk, after `failures` downloads that failed as a browser's offline import does. */
function chunkFailing(failures: number) {
  const attempts: number[] = [];
  const load = () => {
    attempts.push(Date.now());
    if (attempts.length <= failures) return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    return import('./chats-live');
  };
  return { load, attempts };
}

const open = (load: () => Promise<typeof import('./chats-live')>) => {
  close = openLiveChannel(new QueryClient(), 7, { baseMs: 10, capMs: 20 }, load);
};

describe('the live channel’s chunk', () => {
  it('that could not be downloaded offline is downloaded again when the browser is back online, and the channel opens', async () => {
    const chunk = chunkFailing(1);
    open(chunk.load);
    // The first screen settles (500 ms without requestIdleCallback): the download fails.
    await waitFor(() => expect(chunk.attempts).toHaveLength(1), { timeout: 3_000 });
    await waitFor(() => expect(liveStatus()).toBe('closed'));
    // Nothing more until the connection is back (the next timed retry is a minute away).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(chunk.attempts).toHaveLength(1);
    expect(server.connections).toHaveLength(0);

    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(liveStatus()).toBe('open'), { timeout: 3_000 });
    expect(chunk.attempts).toHaveLength(2);
    expect(server.connections).toHaveLength(1);
  });

  it('is downloaded again when its page is shown again, once, however many events come', async () => {
    const chunk = chunkFailing(1);
    open(chunk.load);
    await waitFor(() => expect(chunk.attempts).toHaveLength(1), { timeout: 3_000 });
    await waitFor(() => expect(liveStatus()).toBe('closed'));

    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(liveStatus()).toBe('open'), { timeout: 3_000 });
    expect(chunk.attempts).toHaveLength(2);
    expect(server.connections).toHaveLength(1);
  });

  it('once loaded, an online event opens no second channel, and after the close nothing is downloaded', async () => {
    const chunk = chunkFailing(0);
    open(chunk.load);
    await waitFor(() => expect(liveStatus()).toBe('open'), { timeout: 3_000 });
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(chunk.attempts).toHaveLength(1);
    expect(server.connections).toHaveLength(1);

    close?.();
    close = null;
    window.dispatchEvent(new Event('online'));
    expect(chunk.attempts).toHaveLength(1);
    expect(liveStatus()).toBe('closed');
  });
});
