import { LIVE_HEARTBEAT_MS } from '@cupido/shared/rules/chats';
import type { TLiveServerFrame } from '@cupido/shared/contracts/live';
import { LIVE_CLOSE, LIVE_PATH, readLiveServerFrame } from '@cupido/shared/rules/live-frames';
import { liveBus, type LiveBus } from './live-events';

/**
 * The live channel's socket (issue 12; the API the app uses is live-events.ts): a lazy chunk of its
 * own. Frames are read by the zod-free reader of the contract (live-frames.ts): building zod's
 * schemas on every member page was a long task on a phone (issue 29). One WebSocket to LIVE_PATH on the page's
 * own origin. After a drop it reconnects with a capped exponential backoff and jitter (so a server
 * restart does not bring every tab back in the same millisecond), at once when the page becomes
 * visible again or the browser goes online; never after LIVE_CLOSE.policyViolation (not logged in,
 * foreign origin): the channel stays closed until the session changes and a new one starts. After
 * LIVE_CLOSE.tooManySockets (the member's newer tabs and devices took this one's place) it waits
 * for its page to be shown again: retrying on its own would displace the next oldest tab, which
 * would retry in turn, a loop among the member's tabs.
 */

/** The first retry waits 0.5-1 s, the next 1-2 s, ... up to 15-30 s. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_CAP_MS = 30_000;
/** A connection that stayed open this long was a working one: the next drop starts the backoff anew. */
export const STABLE_CONNECTION_MS = 10_000;
/**
 * Hidden longer than two heartbeats (a sleeping phone), an open-looking socket is most likely dead
 * without knowing it yet: coming back, the app opens a new one (and resyncs) instead of waiting.
 */
export const STALE_AFTER_HIDDEN_MS = 2 * LIVE_HEARTBEAT_MS;
/** The close code the app uses for a socket it gives up on (4000-4999: the application's own). */
const ABANDONED = 4000;
const OPEN = 1;

/** ws: or wss: as the page, same host, LIVE_PATH: the session cookie goes with it. */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${LIVE_PATH}`;
}

/** The wait before retry number `attempt` (from 0): half of the capped exponential step is fixed, half random. */
export function reconnectDelayMs(
  attempt: number,
  random: () => number = Math.random,
  baseMs = RECONNECT_BASE_MS,
  capMs = RECONNECT_CAP_MS,
): number {
  const step = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 20));
  return Math.round(step / 2 + random() * (step / 2));
}

/** A server frame from a socket message, or null for anything that is not a valid one (ignored). */
export function parseLiveFrame(data: unknown): TLiveServerFrame | null {
  if (typeof data !== 'string') return null;
  try {
    return readLiveServerFrame(JSON.parse(data));
  } catch {
    return null;
  }
}

/** The part of the browser's WebSocket the channel uses. */
export interface LiveSocket {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type LiveSocketConstructor = new (url: string) => LiveSocket;

export interface LiveChannelOptions {
  /** Default: liveUrl(window.location). */
  url?: string;
  /** Default: the browser's WebSocket (a test may stand in for it). */
  WebSocket?: LiveSocketConstructor;
  random?: () => number;
  baseMs?: number;
  capMs?: number;
  stableMs?: number;
  staleAfterHiddenMs?: number;
  now?: () => number;
  /** The server refused the member (closed with policy violation): the session may have ended. */
  onPolicyViolation?: () => void;
  bus?: LiveBus;
}

export interface LiveChannel {
  stop(): void;
}

export function startLiveChannel(options: LiveChannelOptions = {}): LiveChannel {
  const bus = options.bus ?? liveBus;
  const Socket: LiveSocketConstructor = options.WebSocket ?? window.WebSocket;
  const url = options.url ?? liveUrl(window.location);
  const now = options.now ?? Date.now;
  const stableMs = options.stableMs ?? STABLE_CONNECTION_MS;
  const staleAfterHiddenMs = options.staleAfterHiddenMs ?? STALE_AFTER_HIDDEN_MS;

  let socket: LiveSocket | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** stop() was called, or the server refused the member: no more connections. */
  let stopped = false;
  /** Closed for the member's newer sockets: no retries until the page is shown again. */
  let displaced = false;
  /** A connection of this channel said hello before: the next hello is a reconnect. */
  let connectedBefore = false;
  let openedAt: number | null = null;
  let hiddenAt: number | null = document.visibilityState === 'hidden' ? now() : null;

  const detach = (ws: LiveSocket) => {
    ws.onopen = ws.onmessage = ws.onclose = null;
    if (socket === ws) socket = null;
    bus.setSender(null);
  };

  const abandon = (ws: LiveSocket, code: number) => {
    detach(ws);
    try {
      ws.close(code);
    } catch {
      // Closing a socket that never connected can throw in some browsers: it is gone either way.
    }
  };

  const scheduleRetry = () => {
    bus.setStatus('closed');
    if (stopped || retryTimer !== undefined) return;
    // Offline, retries would only fail: the 'online' event brings the channel back.
    if (navigator.onLine === false) return;
    const delay = reconnectDelayMs(attempt, options.random, options.baseMs, options.capMs);
    attempt++;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect();
    }, delay);
  };

  const onFrame = (frame: TLiveServerFrame) => {
    bus.publish(frame);
    if (frame.type !== 'hello') return;
    if (connectedBefore) bus.reconnected(frame);
    connectedBefore = true;
  };

  function connect(): void {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (stopped || socket) return;
    bus.setStatus('connecting');
    let ws: LiveSocket;
    try {
      ws = new Socket(url);
    } catch {
      scheduleRetry();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      openedAt = now();
      bus.setSender((text) => {
        if (ws.readyState !== OPEN) return false;
        try {
          ws.send(text);
          return true;
        } catch {
          return false;
        }
      });
      bus.setStatus('open');
    };
    ws.onmessage = (event) => {
      const frame = parseLiveFrame(event.data);
      if (frame) onFrame(frame);
    };
    ws.onclose = (event) => {
      detach(ws);
      if (openedAt !== null && now() - openedAt >= stableMs) attempt = 0;
      openedAt = null;
      if (event.code === LIVE_CLOSE.policyViolation) {
        stopped = true;
        bus.setStatus('closed');
        options.onPolicyViolation?.();
        return;
      }
      if (event.code === LIVE_CLOSE.tooManySockets) {
        displaced = true;
        bus.setStatus('closed');
        return;
      }
      scheduleRetry();
    };
  }

  /** Visible again, or online again: a connection waiting for its retry does not wait any longer. */
  const reconnectNow = () => {
    if (stopped || displaced || socket) return;
    connect();
  };

  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') {
      hiddenAt ??= now();
      return;
    }
    const hiddenFor = hiddenAt === null ? 0 : now() - hiddenAt;
    hiddenAt = null;
    // The member is back on this page: it is the one in use, so it takes a socket again.
    displaced = false;
    if (socket && socket.readyState === OPEN && hiddenFor >= staleAfterHiddenMs) {
      abandon(socket, ABANDONED);
      openedAt = null;
    }
    reconnectNow();
  };

  window.addEventListener('online', reconnectNow);
  document.addEventListener('visibilitychange', onVisibilityChange);
  connect();

  return {
    stop() {
      stopped = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      window.removeEventListener('online', reconnectNow);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      if (socket) abandon(socket, 1000);
      bus.setStatus('closed');
    },
  };
}
