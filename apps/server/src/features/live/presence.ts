/**
 * Who is online, across server processes (issue 28; decision 036): each process keeps one
 * member_presence row per member it holds a live socket of, under a process id drawn at start.
 *
 * - The member's first socket here upserts their row, the last one closing deletes it. Both are
 *   queued and written after the current turn of the event loop, gathered with the others of
 *   that turn (one statement over arrays each), one batch at a time so they land in order. The
 *   handshake never waits for them, and a failure is only logged.
 * - Every `heartbeatMs` one statement makes the rows match this process's members: it refreshes
 *   `seen_at` of all of them and deletes any row of this process whose member left, so a write
 *   that failed is repaired at the next beat. The timer is unref'd.
 * - close() (the app's shutdown, through the hub) deletes every row of this process.
 * - A row counts as online while `seen_at` is newer than PRESENCE_TIMEOUT_MS (onlineNow): a
 *   crashed process's rows stop counting by themselves, and presencePruneJob deletes them later.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { memberPresence } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { JobDefinition } from '../../infra/jobs';
import { accountHoldsProfile } from '../accounts/for-presence';

/** How often a process refreshes its rows. */
export const PRESENCE_HEARTBEAT_MS = 30_000;
/** A heartbeat refreshes the rows of this many members per statement. */
export const PRESENCE_BEAT_CHUNK = 200;
/** A row not refreshed for this long no longer counts: two beats missed and some slack. */
export const PRESENCE_TIMEOUT_MS = 75_000;
/** Rows this old (a process that died) are deleted by the hourly prune. */
export const PRESENCE_PRUNE_AFTER_MS = 3_600_000;

export interface PresenceMember {
  userId: number;
  profileId: number;
}

export interface PresenceRecorder {
  /** This process's id in member_presence. */
  readonly processId: string;
  /** The member's first socket on this process opened. */
  joined(member: PresenceMember): void;
  /** The member's last socket on this process closed. */
  left(member: PresenceMember): void;
  /** Resolves once everything queued so far is written (or failed and logged). */
  settled(): Promise<void>;
  /** Stops the heartbeat, lets the queued writes finish and deletes every row of this process. */
  close(): Promise<void>;
}

export interface PresenceOptions {
  db: Database;
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
  heartbeatMs?: number;
  /** Members per statement of a heartbeat's refresh (PRESENCE_BEAT_CHUNK). */
  beatChunk?: number;
  processId?: string;
}

/** SQL condition: the profile `profileId` has a live socket on some process now. */
export function onlineNow(profileId: SQLWrapper, now: Date): SQL<boolean> {
  const since = new Date(now.getTime() - PRESENCE_TIMEOUT_MS);
  // The (profile_id, seen_at) index: one range probe per profile.
  return sql<boolean>`exists (select 1 from ${memberPresence} where ${and(eq(memberPresence.profileId, profileId), gt(memberPresence.seenAt, since))})`;
}

const intArray = (values: number[]) => sql`${sql.param(values)}::int[]`;

export function createPresenceRecorder({
  db,
  clock,
  log,
  heartbeatMs = PRESENCE_HEARTBEAT_MS,
  beatChunk = PRESENCE_BEAT_CHUNK,
  processId = randomUUID(),
}: PresenceOptions): PresenceRecorder {
  /** The members with a socket here: user id -> profile id. */
  const present = new Map<number, number>();
  const toUpsert = new Set<number>();
  const toDelete = new Set<number>();
  let beatDue = false;
  /** False once a beat found no member here and wrote nothing since: idle beats then cost nothing. */
  let rowsMayExist = false;
  let closed = false;
  let closing: Promise<void> | null = null;
  let scheduled = false;
  let chain: Promise<void> = Promise.resolve();

  /** Upserts these members' rows (only while their account still holds the profile). */
  const upsert = (userIds: number[], now: Date) => {
    const profileIds = userIds.map((userId) => present.get(userId)!);
    return sql`insert into ${memberPresence} (user_id, profile_id, process_id, seen_at)
      select t.user_id, t.profile_id, ${processId}, ${now.toISOString()}::timestamptz
      from unnest(${intArray(userIds)}, ${intArray(profileIds)}) as t(user_id, profile_id)
      where ${accountHoldsProfile(sql`t.user_id`, sql`t.profile_id`)}
      order by t.user_id
      on conflict (user_id, process_id) do update set profile_id = excluded.profile_id, seen_at = excluded.seen_at`;
  };

  const write = async () => {
    scheduled = false;
    const now = clock();
    const beat = beatDue;
    beatDue = false;
    const ups = [...toUpsert].filter((userId) => present.has(userId));
    const downs = [...toDelete].filter((userId) => !present.has(userId));
    toUpsert.clear();
    toDelete.clear();
    try {
      if (beat && (rowsMayExist || present.size > 0)) {
        // Every row of a member who left deleted, then every member here refreshed, beatChunk at a
        // time with a turn of the event loop between: one statement for 2,000 members took 150 ms
        // of PostgreSQL's time at once, and every chat send waited behind it (issue 32's bench).
        const members = [...present.keys()];
        await db
          .delete(memberPresence)
          .where(and(eq(memberPresence.processId, processId), sql`not (${memberPresence.userId} = any(${intArray(members)}))`));
        for (let from = 0; from < members.length; from += beatChunk) {
          if (from > 0) await new Promise<void>((resolve) => setImmediate(resolve));
          await db.execute(
            upsert(
              members.slice(from, from + beatChunk).filter((userId) => present.has(userId)),
              now,
            ),
          );
        }
        if (members.length === 0) rowsMayExist = false;
        return;
      }
      if (downs.length > 0)
        await db
          .delete(memberPresence)
          .where(and(eq(memberPresence.processId, processId), sql`${memberPresence.userId} = any(${intArray(downs)})`));
      if (ups.length > 0) await db.execute(upsert(ups, now));
    } catch (err) {
      // The next heartbeat writes the whole state again.
      rowsMayExist = true;
      log.warn({ err }, 'live: presence rows could not be written');
    }
  };

  /** Writes after this turn of the event loop, behind the batch that is running. */
  const schedule = () => {
    if (scheduled || closed) return;
    scheduled = true;
    chain = chain.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(write);
  };

  const heartbeat = setInterval(() => {
    beatDue = true;
    schedule();
  }, heartbeatMs);
  heartbeat.unref();

  return {
    processId,
    joined({ userId, profileId }) {
      if (closed) return;
      present.set(userId, profileId);
      rowsMayExist = true;
      toDelete.delete(userId);
      toUpsert.add(userId);
      schedule();
    },
    left({ userId }) {
      if (closed || !present.delete(userId)) return;
      toUpsert.delete(userId);
      toDelete.add(userId);
      schedule();
    },
    settled: () => chain,
    close() {
      if (closing) return closing;
      closed = true;
      clearInterval(heartbeat);
      present.clear();
      closing = chain.then(async () => {
        try {
          await db.delete(memberPresence).where(eq(memberPresence.processId, processId));
        } catch (err) {
          // The rows stop counting after PRESENCE_TIMEOUT_MS anyway.
          log.warn({ err }, 'live: presence rows could not be deleted at shutdown');
        }
      });
      return closing;
    },
  };
}

/** Hourly: deletes rows no process refreshed for an hour (processes that died without closing). */
export function presencePruneJob(deps: { db: Database; clock: Clock }): JobDefinition {
  return {
    name: 'presence_prune',
    cron: '17 * * * *',
    run: async () => {
      await deps.db.delete(memberPresence).where(lt(memberPresence.seenAt, new Date(deps.clock().getTime() - PRESENCE_PRUNE_AFTER_MS)));
    },
  };
}
