/**
 * Storing webhook deliveries (issue 14): once per (provider, event id), and durably before the
 * provider is answered, since an answered provider stops retrying.
 *
 * Deliveries arriving together are written by one multi-row INSERT ... ON CONFLICT DO NOTHING
 * (a micro-batch, db/group-commit.ts: no timer, at most MAX_WRITES_IN_FLIGHT statements at once),
 * and each waits until the statement that holds its row has committed. Under a burst (a provider
 * catching up after an outage, the bench) one statement per batch instead of one per delivery
 * keeps the route near a bare route's rate.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/open';
import { createGroupCommit } from '../../../db/group-commit';
import { executePrepared } from '../../../db/prepared';
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

/** Statements writing deliveries at the same time; later deliveries gather for the next one. */
export const MAX_WRITES_IN_FLIGHT = 2;
/** At most this many deliveries go into one statement. */
export const BATCH_MAX = 500;

export interface EventStore {
  /** Stores one delivery; answers its row when it is new, null for a replayed event id. Resolves only after the commit. */
  store(event: IncomingEvent): Promise<StoredEvent | null>;
  /** INSERT statements written so far (tests check that parallel deliveries share them). */
  readonly statements: number;
}

/** A stored row of a batch (insertEvents' answer: the new ones only). */
export interface InsertedEvent {
  id: number;
  provider: string;
  eventId: string;
  providerPaymentId: string;
}

/**
 * Inserts the events of one batch (one row per event id), answering the rows that were new. Four
 * array parameters whatever the batch size: the statement's text never changes, so it is prepared
 * once per connection (parsed and planned once) and costs little per delivery.
 */
export async function insertEvents(db: Database, events: IncomingEvent[]): Promise<InsertedEvent[]> {
  // In key order: two batches in flight holding the same event ids (a provider's retry arriving
  // beside the first delivery) then wait for each other in one order, never in a circle, which
  // PostgreSQL would end as a deadlock, failing both batches.
  const ordered = [...events].sort((a, b) => (a.provider === b.provider ? compare(a.eventId, b.eventId) : compare(a.provider, b.provider)));
  const column = <K extends keyof IncomingEvent>(key: K) => ordered.map((event) => event[key]);
  const rows = await executePrepared<Omit<InsertedEvent, 'id'> & { id: number | string }>(
    db,
    sql`
    insert into ${paymentEvents} (provider, event_id, provider_payment_id, received_at)
    select * from unnest(${sql.param(column('provider'))}::text[], ${sql.param(column('eventId'))}::text[],
      ${sql.param(column('providerPaymentId'))}::text[], ${sql.param(column('receivedAt').map((at) => at.toISOString()))}::timestamptz[])
    on conflict (provider, event_id) do nothing
    returning id, provider, event_id as "eventId", provider_payment_id as "providerPaymentId"`,
  );
  // bigserial: node-postgres answers it as text.
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `insert` writes each batch (insertEvents; tests hold it back to see what gathers meanwhile). */
export function createEventStore(db: Database, insert: typeof insertEvents = insertEvents): EventStore {
  const batches = createGroupCommit<IncomingEvent, StoredEvent | null>({
    maxInFlight: MAX_WRITES_IN_FLIGHT,
    maxBatch: BATCH_MAX,
    async run(events) {
      // One row per event id: a replay inside the batch gets null, as the first one's row is new.
      const keyOf = (event: Pick<IncomingEvent, 'provider' | 'eventId'>) => `${event.provider}\u0000${event.eventId}`;
      const firstIndex = new Map<string, number>();
      events.forEach((event, i) => {
        if (!firstIndex.has(keyOf(event))) firstIndex.set(keyOf(event), i);
      });
      const rows = await insert(
        db,
        [...firstIndex.values()].map((i) => events[i]!),
      );
      const inserted = new Map(rows.map((row) => [keyOf(row), row]));
      return events.map((event, i) => {
        const row = firstIndex.get(keyOf(event)) === i ? inserted.get(keyOf(event)) : undefined;
        return row ? { id: row.id, providerPaymentId: row.providerPaymentId } : null;
      });
    },
  });
  // Nothing of a failed batch is stored: each delivery answers an error, and the provider retries it.
  return {
    store: (event) => batches.submit(event),
    get statements() {
      return batches.batches;
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
