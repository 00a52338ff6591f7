/**
 * The like's one statement (decision 027): checks the target, the blocks both ways, likes' own
 * existing-contact fact and, for a free member, the day's grants, and inserts the like and its
 * grant only when all allow. Its text has four variants; each is built once in Node and runs as
 * a named prepared statement (db/prepared.ts), so a like costs PostgreSQL no planning and Node no
 * SQL building.
 */
import { fillPlaceholders, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { FREE_DAILY_LIKES } from '@cupido/shared/rules/likes';
import type { Database } from '../../db/open';
import { executeBuilt } from '../../db/prepared';
import { likeGrants, likes } from '../../db/schema';
import { likeTargetSelect } from '../profiles/for-likes';
import { blockStateSql } from '../blocks/block-state-sql';

/** The member who likes, as the session read them. */
export interface Liker {
  userId: number;
  profileId: number;
  siteId: number;
  /**
   * Premium as the session read it. Premium is for life, so a premium session likes without the
   * daily count (likeWithoutLimit); a free one is read again under the lock, where a purchase made
   * a moment ago counts.
   */
  paidUser?: boolean;
  /** The account's time zone as the session read it (for likes_reset_at on that path). */
  timeZone?: string | null;
}

/** What the like statement found and did (likeStatement). */
export interface LikeFacts {
  /** The target is a profile of the member's site (else every other fact is null). */
  found: boolean;
  /** Active, with a usable account. */
  usable: boolean | null;
  invisible: boolean | null;
  blocked_by_me: boolean | null;
  blocked_by_them: boolean | null;
  /** A like either way, hidden ones too: likes' existing-contact fact (likedEitherWay). */
  liked_either_way: boolean | null;
  /** The member's (not hidden) like of the target existed before. */
  mine: boolean | null;
  /** Likes given in the local day, before this one; null when not counted (premium). */
  given: number | null;
  /** 1 when this statement inserted the like (and its grant). */
  added: number;
  /** Null when the target has not liked the member (or that like is hidden), else whether their like is unopened. */
  theirs_new: boolean | null;
}

export interface LikeStatementInput {
  liker: Liker;
  toProfileId: number;
  now: Date;
  /**
   * The member's local day when the daily limit applies (the like is inserted only below it; its
   * grant counts until the day's end); null for premium, whose grants count for nothing.
   */
  day: { start: Date; end: Date } | null;
  /** An existing contact beyond likes was found (contact.ts's sources): an invisible target may be liked. */
  contactKnown: boolean;
}

/**
 * The whole like in one statement: checks the target (profiles' likeTargetSelect: on the site,
 * active, usable account, invisible or not), the blocks both ways (blocks' blockStateSql), likes'
 * own existing-contact fact, and, for a free member, the day's grants; inserts the like and its
 * grant only when all allow; and answers the facts and the other direction's flags, which the
 * caller maps to the answer or the same errors as ever (likeRefusal). Blocks and profiles export
 * the SQL over their tables (decision 021); the statement reads one snapshot.
 */
export async function likeStatement(db: Pick<Database, 'execute'>, input: LikeStatementInput): Promise<LikeFacts> {
  const variant = { counted: input.day !== null, contactKnown: input.contactKnown };
  const key = `${variant.counted}|${variant.contactKnown}`;
  // Four texts (premium or counted, contact known or not), each built once in Node and planned
  // once per connection by PostgreSQL; each call only fills in its values.
  let built = builtLikeStatements.get(key);
  if (!built) {
    built = likeDialect.sqlToQuery(likeStatementSql(LIKE_PLACEHOLDERS, variant));
    builtLikeStatements.set(key, built);
  }
  const values: Record<keyof typeof LIKE_PLACEHOLDERS, number | string> = {
    userId: input.liker.userId,
    fromProfileId: input.liker.profileId,
    siteId: input.liker.siteId,
    toProfileId: input.toProfileId,
    now: input.now.toISOString(),
    dayStart: (input.day?.start ?? input.now).toISOString(),
    dayEnd: (input.day?.end ?? input.now).toISOString(),
  };
  const [facts] = await executeBuilt<LikeFacts>(db, { sql: built.sql, params: fillPlaceholders(built.params, values) });
  return facts!;
}

const likeDialect = new PgDialect();
const builtLikeStatements = new Map<string, { sql: string; params: unknown[] }>();
const LIKE_PLACEHOLDERS = {
  userId: sql.placeholder('userId'),
  fromProfileId: sql.placeholder('fromProfileId'),
  siteId: sql.placeholder('siteId'),
  toProfileId: sql.placeholder('toProfileId'),
  now: sql.placeholder('now'),
  dayStart: sql.placeholder('dayStart'),
  dayEnd: sql.placeholder('dayEnd'),
};
type LikeStatementValues = Record<keyof typeof LIKE_PLACEHOLDERS, SQLWrapper>;

/** The SQL of likeStatement with its values inlined as parameters (likes-plans.test.ts checks its plan). */
export function likeStatementQuery(input: LikeStatementInput): SQL {
  const value = (v: number | string) => sql`${v}`;
  return likeStatementSql(
    {
      userId: value(input.liker.userId),
      fromProfileId: value(input.liker.profileId),
      siteId: value(input.liker.siteId),
      toProfileId: value(input.toProfileId),
      now: value(input.now.toISOString()),
      dayStart: value((input.day?.start ?? input.now).toISOString()),
      dayEnd: value((input.day?.end ?? input.now).toISOString()),
    },
    { counted: input.day !== null, contactKnown: input.contactKnown },
  );
}

/**
 * The Likes that count against the member's limit now (issue 27): those whose own local day has
 * not ended (in the zone the member had when giving them) and those given in the member's current
 * local day. Without a change of zone both are the day's grants; with one, neither the old day's
 * Likes nor the new day's are forgotten. `day_end >= dayStart` holds for both, so the count is one
 * range of like_grants_from_day_end_idx, read index only.
 */
export function likesCountedSql(fromProfileId: SQL, dayStart: SQL, now: SQL): SQL {
  return sql`(select count(*) from ${likeGrants} where ${likeGrants.fromProfileId} = ${fromProfileId}
    and ${likeGrants.dayEnd} >= ${dayStart} and (${likeGrants.dayEnd} > ${now} or ${likeGrants.givenAt} >= ${dayStart}))::int`;
}

/** The statement over its values (parameters or placeholders); its text depends only on the variant. */
function likeStatementSql(v: LikeStatementValues, variant: { counted: boolean; contactKnown: boolean }): SQL {
  const at = sql`${v.now}::timestamptz`;
  const from = sql`${v.fromProfileId}::int`;
  const to = sql`${v.toProfileId}::int`;
  const blocked = blockStateSql({ userId: sql`${v.userId}::int`, profileId: from }, to);
  const given = variant.counted ? likesCountedSql(from, sql`${v.dayStart}::timestamptz`, at) : sql`null::int`;
  const belowLimit = variant.counted ? sql`facts.given < ${sql.raw(String(FREE_DAILY_LIKES))}` : sql`true`;
  const likeOf = (a: SQL, b: SQL) => sql`select 1 from ${likes} where ${likes.fromProfileId} = ${a} and ${likes.toProfileId} = ${b}`;
  return sql`
    with target as (${likeTargetSelect(sql`${v.siteId}::int`, to)}),
    facts as (
      select target.usable, target.invisible,
        ${blocked.blockedByViewer} as blocked_by_me,
        ${blocked.blockedByTarget} as blocked_by_them,
        exists (${likeOf(from, to)}) or exists (${likeOf(to, from)}) as liked_either_way,
        exists (${likeOf(from, to)} and not ${likes.hidden}) as mine,
        ${given} as given
      from target),
    added as (
      insert into ${likes} (from_profile_id, to_profile_id, created_at)
      select ${from}, ${to}, ${at} from facts
      where facts.usable and not facts.blocked_by_me and not facts.blocked_by_them
        and (not facts.invisible or facts.liked_either_way or ${sql.raw(variant.contactKnown ? 'true' : 'false')})
        and not facts.mine and ${belowLimit}
      on conflict do nothing returning from_profile_id),
    granted as (insert into ${likeGrants} (from_profile_id, given_at, day_end) select from_profile_id, ${at}, ${v.dayEnd}::timestamptz from added)
    select facts.usable is not null as found, facts.*, (select count(*) from added)::int as added,
      (select ${likes.seenAt} is null from ${likes} where ${likes.fromProfileId} = ${to} and ${likes.toProfileId} = ${from} and not ${likes.hidden}) as theirs_new
    from (select 1) as one left join facts on true`;
}
