/**
 * Storing webhook deliveries (issue 14): once per (provider, event id), and durably before the
 * provider is answered, since an answered provider stops retrying.
 *
 * Deliveries arriving together are written by one multi-row INSERT ... ON CONFLICT DO NOTHING
 * (a micro-batch): the first delivery opens a batch for BATCH_WINDOW_MS, later ones join it, and
 * each waits until the statement that holds its row has committed. One statement per batch
 * instead of one per delivery is what lets a burst of webhooks (a provider catching up after an
 * outage, the bench) be taken at the rate of a bare route.
 */
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../../db/open';
import { paymentEvents } from '../../../db/schema';

export interface IncomingEvent {
  provider: string;
  eventId: string;
  providerPaymentId: string;
  receivedAt: Date;
}

export interface StoredEvent {
  id: number;
  providerPaymentId: string;
}

/** How long a batch stays open for deliveries to join it. */
export const BATCH_WINDOW_MS = 2;
/** A batch this large is written at once. */
export const BATCH_MAX = 500;

interface Waiter {
  event: IncomingEvent;
  resolve(stored: StoredEvent | null): void;
  reject(err: unknown): void;
}

export interface EventStore {
  /** Stores one delivery; answers its row when it is new, null for a replayed event id. Resolves only after the commit. */
  store(event: IncomingEvent): Promise<StoredEvent | null>;
  /** INSERT statements written so far (tests check that parallel deliveries share them). */
  readonly statements: number;
}

export function createEventStore(db: Database): EventStore {
  let waiting: Waiter[] = [];
  let timer: NodeJS.Timeout | undefined;
  let statements = 0;

  async function write(batch: Waiter[]) {
    // One row per event id: a replay inside the batch waits for the first one's answer.
    const firstByKey = new Map<string, Waiter>();
    for (const waiter of batch) {
      const key = `${waiter.event.provider}\u0000${waiter.event.eventId}`;
      if (!firstByKey.has(key)) firstByKey.set(key, waiter);
    }
    const unique = [...firstByKey.values()];
    try {
      statements += 1;
      const rows = await db
        .insert(paymentEvents)
        .values(unique.map(({ event }) => ({ provider: event.provider, eventId: event.eventId, providerPaymentId: event.providerPaymentId, receivedAt: event.receivedAt })))
        .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
        .returning({ id: paymentEvents.id, provider: paymentEvents.provider, eventId: paymentEvents.eventId, providerPaymentId: paymentEvents.providerPaymentId });
      const inserted = new Map(rows.map((row) => [`${row.provider}\u0000${row.eventId}`, row]));
      for (const waiter of batch) {
        const key = `${waiter.event.provider}\u0000${waiter.event.eventId}`;
        const row = firstByKey.get(key) === waiter ? inserted.get(key) : undefined;
        waiter.resolve(row ? { id: row.id, providerPaymentId: row.providerPaymentId } : null);
      }
    } catch (err) {
      // Nothing of the batch is stored: each delivery answers an error, and the provider retries it.
      for (const waiter of batch) waiter.reject(err);
    }
  }

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    if (batch.length > 0) void write(batch);
  }

  return {
    store(event) {
      return new Promise<StoredEvent | null>((resolve, reject) => {
        waiting.push({ event, resolve, reject });
        if (waiting.length >= BATCH_MAX) flush();
        else timer ??= setTimeout(flush, BATCH_WINDOW_MS);
      });
    },
    get statements() {
      return statements;
    },
  };
}

/** An event whose payment cannot be settled after this many tries is left for a person to look at. */
export const MAX_ATTEMPTS = 50;

/** Events that were stored but not processed (a crash, a provider that did not answer), oldest first. */
export async function unprocessedEvents(db: Database, provider: string, olderThan: Date, limit: number): Promise<StoredEvent[]> {
  return db
    .select({ id: paymentEvents.id, providerPaymentId: paymentEvents.providerPaymentId })
    .from(paymentEvents)
    .where(
      and(
        isNull(paymentEvents.processedAt),
        eq(paymentEvents.provider, provider),
        lt(paymentEvents.receivedAt, olderThan),
        lt(paymentEvents.attempts, MAX_ATTEMPTS),
      ),
    )
    .orderBy(paymentEvents.receivedAt)
    .limit(limit);
}
