/**
 * A live-channel client for tests: a real WebSocket (the `ws` package; Node 20 has no global
 * one) against a listening app, with every server frame checked against the shared contract.
 */
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { ZLiveServerFrame, type TLiveServerFrame } from '@cupido/shared/contracts/live';
import { LIVE_PATH } from '@cupido/shared/rules/live-frames';
import type { TChatMessage } from '@cupido/shared/contracts/chats';

export interface LiveClient {
  ws: WebSocket;
  /** Every frame received so far, in order. */
  frames: TLiveServerFrame[];
  /** Resolves with the close code and reason (1006 when the connection was cut). */
  closed: Promise<{ code: number; reason: string }>;
  /** The first frame (already received or still to come) that matches. */
  waitFor<T extends TLiveServerFrame>(match: (frame: TLiveServerFrame) => frame is T, timeoutMs?: number): Promise<T>;
  waitFor(match: (frame: TLiveServerFrame) => boolean, timeoutMs?: number): Promise<TLiveServerFrame>;
  /** Sends raw text (or a frame object as JSON). */
  send(data: string | Buffer | object): void;
  /** Stops reading from the connection (a slow or frozen app) and starts again. */
  pauseReading(): void;
  resumeReading(): void;
}

export function baseUrlOf(app: FastifyInstance): string {
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export function openLive(
  baseUrl: string,
  { cookie, origin, autoPong = true, query = '' }: { cookie?: string; origin?: string; autoPong?: boolean; query?: string } = {},
): LiveClient {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${LIVE_PATH}${query}`, { headers, autoPong, ...(origin ? { origin } : {}) });
  const frames: TLiveServerFrame[] = [];
  const waiters = new Set<() => void>();
  let problem: Error | null = null;
  ws.on('message', (data) => {
    try {
      frames.push(ZLiveServerFrame.parse(JSON.parse(data.toString())));
    } catch (error) {
      problem = error as Error;
    }
    for (const wake of [...waiters]) wake();
  });
  // A refused handshake or a cut connection shows as the close code; the error itself is expected.
  ws.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const wake of [...waiters]) wake();
    }),
  );
  const socket = () => (ws as unknown as { _socket: Socket })._socket;

  const waitFor = (match: (frame: TLiveServerFrame) => boolean, timeoutMs = 5_000) =>
    new Promise<TLiveServerFrame>((resolve, reject) => {
      const check = () => {
        if (problem) return finish(() => reject(problem));
        const found = frames.find(match);
        if (found) return finish(() => resolve(found));
        if (ws.readyState === WebSocket.CLOSED) return finish(() => reject(new Error(`socket closed; frames: ${JSON.stringify(frames)}`)));
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error(`no matching frame in ${timeoutMs} ms; frames: ${JSON.stringify(frames)}`))),
        timeoutMs,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        settle();
      };
      waiters.add(check);
      check();
    });

  return {
    ws,
    frames,
    closed,
    waitFor: waitFor as LiveClient['waitFor'],
    send: (data) => ws.send(typeof data === 'string' || Buffer.isBuffer(data) ? data : JSON.stringify(data)),
    pauseReading: () => socket().pause(),
    resumeReading: () => socket().resume(),
  };
}

/** Opens a socket and waits for its hello. */
export async function openLiveReady(baseUrl: string, options: Parameters<typeof openLive>[1] = {}): Promise<LiveClient> {
  const client = openLive(baseUrl, options);
  await client.waitFor((frame) => frame.type === 'hello');
  return client;
}

/** Closes clients that are still open, and waits for them. */
export async function closeAll(clients: LiveClient[]): Promise<void> {
  for (const client of clients) if (client.ws.readyState !== WebSocket.CLOSED) client.ws.terminate();
  await Promise.all(clients.map((client) => client.closed));
}

/** A text message frame of the given length, valid under the shared contract. */
export function messageFrame(id: number, textLength = 10): { type: 'message'; message: TChatMessage } {
  return {
    type: 'message',
    message: {
      id,
      conversation: { id: 1 },
      client_id: null,
      from_me: false,
      kind: 'text',
      text: 'x'.repeat(textLength),
      image: null,
      gift: null,
      created_at: '2026-03-10T10:00:00.000Z',
      state: null,
    },
  };
}
