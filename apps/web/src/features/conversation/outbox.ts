/**
 * The outbox (issue 12): every message the member sends gets a client id (a UUID) and shows at
 * once as pending. It is sent with that id until the server answers: after a network failure or
 * a server error it waits and is tried again, with the same id (the server stores it once), after
 * a growing pause, at once when the browser is back online or the live channel reconnects. It is
 * kept in sessionStorage, so a reload of the tab does not lose it (images only in memory: a file
 * cannot be stored there). A refusal (4xx) stops it and keeps the server's reason for the screen.
 * Messages to one partner go one after the other, so they arrive in the order they were written.
 */
import type { TSendMessageAnswer } from '@cupido/shared/contracts/chats';
import type { GiftCode } from '@cupido/shared/rules/gifts';
import { retryDelayMs } from '@cupido/shared/rules/site-shell';
import { ApiError } from '../../api/client';
import { postImageMessage, postMessage } from './chat-calls';

export type OutboxKind = 'text' | 'gift' | 'image';

export interface OutboxRefusal {
  status: number;
  code: string;
  message: string;
}

export interface OutboxEntry {
  clientId: string;
  /** The member who wrote it: another login in the same tab never sends it. */
  userId: number;
  profileId: number;
  kind: OutboxKind;
  text: string | null;
  gift: GiftCode | null;
  /** An image's file and a local preview of it (memory only). */
  file?: File;
  previewUrl?: string;
  createdAt: string;
  /** sending: on its way or queued behind another; waiting: failed for the network, tried again; refused: the server said no. */
  status: 'sending' | 'waiting' | 'refused';
  attempts: number;
  refusal: OutboxRefusal | null;
}

export type NewOutboxEntry = Pick<OutboxEntry, 'userId' | 'profileId' | 'kind'> & Partial<Pick<OutboxEntry, 'text' | 'gift' | 'file'>>;

export type StoredListener = (answer: TSendMessageAnswer, entry: OutboxEntry) => void;

export interface OutboxDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  send: (entry: OutboxEntry) => Promise<TSendMessageAnswer>;
  randomId: () => string;
  now: () => Date;
  isOnline: () => boolean;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  previewOf?: (file: File) => string | undefined;
  releasePreview?: (url: string) => void;
}

export const OUTBOX_STORAGE_KEY = 'cupido.outbox';
/** The longest pause between two tries while the network is down (the browser's online event or a reconnect also try at once). */
export const OUTBOX_MAX_RETRY_MS = 30_000;

/** Failures worth trying again with the same client id: no answer, a server error, a timeout, a proxy's 429. */
export function isRetryableSendFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 0) return true;
  if (error.status === 429) return error.code === 'http_error' || error.code === 'too_many_requests';
  return error.status >= 500 || error.status === 408;
}

export interface Outbox {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => readonly OutboxEntry[];
  onStored: (listener: StoredListener) => () => void;
  /** Queues a message and starts sending it; answers its client id. */
  send: (entry: NewOutboxEntry) => string;
  /** Tries every waiting message now (back online, live channel reconnected). */
  retryNow: () => void;
  /** Picks up what a previous page of this tab left for this member; others' entries are dropped. */
  resume: (userId: number) => void;
  /** Forgets a refused message once the screen has shown why. */
  dismiss: (clientId: string) => void;
  /** Empties the outbox (tests, logout). */
  clear: () => void;
}

interface StoredEntry {
  clientId: string;
  userId: number;
  profileId: number;
  kind: OutboxKind;
  text: string | null;
  gift: GiftCode | null;
  createdAt: string;
  status: OutboxEntry['status'];
  attempts: number;
  refusal: OutboxRefusal | null;
}

function readStored(storage: OutboxDeps['storage']): OutboxEntry[] {
  if (!storage) return [];
  try {
    const parsed = JSON.parse(storage.getItem(OUTBOX_STORAGE_KEY) ?? '[]') as StoredEntry[];
    return Array.isArray(parsed) ? parsed.filter((entry) => typeof entry?.clientId === 'string' && entry.kind !== 'image') : [];
  } catch {
    return [];
  }
}

export function createOutbox(deps: OutboxDeps): Outbox {
  let entries: OutboxEntry[] = readStored(deps.storage);
  const listeners = new Set<() => void>();
  const storedListeners = new Set<StoredListener>();
  const inFlight = new Set<number>();
  const timers = new Map<number, unknown>();

  const persist = () => {
    if (!deps.storage) return;
    const keep: StoredEntry[] = entries
      .filter((entry) => entry.kind !== 'image')
      .map(({ clientId, userId, profileId, kind, text, gift, createdAt, status, attempts, refusal }) => ({
        clientId,
        userId,
        profileId,
        kind,
        text,
        gift,
        createdAt,
        status,
        attempts,
        refusal,
      }));
    try {
      if (keep.length === 0) deps.storage.removeItem(OUTBOX_STORAGE_KEY);
      else deps.storage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify(keep));
    } catch {
      // Storage full or blocked: the outbox still works for this page.
    }
  };

  const changed = () => {
    entries = [...entries];
    persist();
    for (const listener of [...listeners]) listener();
  };

  const update = (clientId: string, patch: Partial<OutboxEntry>) => {
    entries = entries.map((entry) => (entry.clientId === clientId ? { ...entry, ...patch } : entry));
  };

  const remove = (clientId: string) => {
    const entry = entries.find((e) => e.clientId === clientId);
    if (entry?.previewUrl) deps.releasePreview?.(entry.previewUrl);
    entries = entries.filter((e) => e.clientId !== clientId);
  };

  const attempt = async (entry: OutboxEntry) => {
    inFlight.add(entry.profileId);
    try {
      const answer = await deps.send(entry);
      inFlight.delete(entry.profileId);
      // The screen takes the stored message first, then the pending copy goes: one bubble throughout.
      for (const listener of [...storedListeners]) listener(answer, entry);
      remove(entry.clientId);
      changed();
    } catch (error) {
      inFlight.delete(entry.profileId);
      if (!entries.some((e) => e.clientId === entry.clientId)) return; // cleared meanwhile
      if (isRetryableSendFailure(error)) {
        const attempts = entry.attempts + 1;
        entries = entries.map((e) => (e.profileId === entry.profileId && e.status !== 'refused' ? { ...e, status: 'waiting' } : e));
        update(entry.clientId, { attempts });
        changed();
        if (deps.isOnline()) {
          timers.set(
            entry.profileId,
            deps.setTimer(
              () => {
                timers.delete(entry.profileId);
                pump();
              },
              Math.min(retryDelayMs(attempts - 1), OUTBOX_MAX_RETRY_MS),
            ),
          );
        }
        return;
      }
      const refusal =
        error instanceof ApiError
          ? { status: error.status, code: error.code, message: error.message }
          : { status: 0, code: 'error', message: String(error) };
      update(entry.clientId, { status: 'refused', refusal });
      changed();
    }
    pump();
  };

  /** Sends the oldest message of each partner that is not on its way or pausing already. */
  function pump() {
    const heads = new Map<number, OutboxEntry>();
    for (const entry of entries) {
      if (entry.status === 'refused' || heads.has(entry.profileId)) continue;
      heads.set(entry.profileId, entry);
    }
    for (const [profileId, head] of heads) {
      if (inFlight.has(profileId) || timers.has(profileId)) continue;
      void attempt(head);
    }
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => entries,
    onStored(listener) {
      storedListeners.add(listener);
      return () => storedListeners.delete(listener);
    },
    send(input) {
      const clientId = deps.randomId();
      const entry: OutboxEntry = {
        clientId,
        userId: input.userId,
        profileId: input.profileId,
        kind: input.kind,
        text: input.text ?? null,
        gift: input.gift ?? null,
        file: input.file,
        previewUrl: input.file ? deps.previewOf?.(input.file) : undefined,
        createdAt: deps.now().toISOString(),
        status: 'sending',
        attempts: 0,
        refusal: null,
      };
      entries = [...entries, entry];
      changed();
      pump();
      return clientId;
    },
    retryNow() {
      for (const [profileId, timer] of timers) {
        deps.clearTimer(timer);
        timers.delete(profileId);
      }
      pump();
    },
    resume(userId) {
      const before = entries.length;
      entries = entries.filter((entry) => entry.userId === userId);
      if (entries.length !== before) changed();
      pump();
    },
    dismiss(clientId) {
      remove(clientId);
      changed();
    },
    clear() {
      for (const timer of timers.values()) deps.clearTimer(timer);
      timers.clear();
      for (const entry of entries) if (entry.previewUrl) deps.releasePreview?.(entry.previewUrl);
      entries = [];
      changed();
    },
  };
}

/** Sends one entry with its own call: the text or gift as JSON, an image as multipart form data. */
export function sendEntry(entry: OutboxEntry): Promise<TSendMessageAnswer> {
  if (entry.kind === 'image') {
    if (!entry.file) return Promise.reject(new ApiError(400, 'image_invalid', 'The photo is no longer there.'));
    return postImageMessage(entry.profileId, entry.clientId, entry.file);
  }
  return postMessage({
    profile_id: entry.profileId,
    client_id: entry.clientId,
    ...(entry.kind === 'gift' && entry.gift ? { gift: entry.gift } : { text: entry.text ?? '' }),
  });
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

let instance: Outbox | undefined;

/** The tab's outbox: one for every conversation screen and the profile page's gifts. */
export function getOutbox(): Outbox {
  if (instance) return instance;
  const outbox = createOutbox({
    storage: sessionStorageOrNull(),
    send: sendEntry,
    randomId: () => crypto.randomUUID(),
    now: () => new Date(),
    isOnline: () => navigator.onLine !== false,
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    previewOf: (file) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined),
    releasePreview: (url) => URL.revokeObjectURL?.(url),
  });
  window.addEventListener('online', () => outbox.retryNow());
  instance = outbox;
  return outbox;
}
