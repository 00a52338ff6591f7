/**
 * Bench data for the operator console (issue 15), on the default site, written straight into the
 * database before the server starts:
 *
 * - OPERATOR_BENCH_FICTIONAL fictional profiles and OPERATOR_BENCH_WAITING members (profiles with
 *   active accounts in the seven languages), each member in one conversation with a fictional
 *   profile, their last message a text, waiting for an answer since a minute apart over the last
 *   week: OPERATOR_BENCH_WAITING conversations in the queue;
 * - OPERATOR_BENCH_OPERATORS operator staff accounts, each with a staff session past the second factor;
 * - the CLAIM_RACE_CONVERSATIONS newest waiting conversations for the claim race (operator.ts).
 *
 * Seed keys start with 'operator-bench-', not 'bench-', so the other benches' selections of
 * 'bench-%' profiles stay as they were. Re-running on the same PostgreSQL database replaces the
 * conversations (their messages, claims and answers with them) and makes new sessions.
 */
import { and, asc, desc, inArray, isNotNull, like, sql } from 'drizzle-orm';
import { LOCALE_CODES } from '@cupido/shared/rules/locales';
import type { Database } from '../apps/server/src/db/open';
import { conversations, operatorAnswers, profiles, sites, staffAccounts } from '../apps/server/src/db/schema';
import { createStaffSession, STAFF_SESSION_COOKIE } from '../apps/server/src/features/staff/sessions';

export const OPERATOR_BENCH_WAITING = 10_000;
export const OPERATOR_BENCH_FICTIONAL = 100;
export const OPERATOR_BENCH_OPERATORS = 50;
export const CLAIM_RACE_CONVERSATIONS = 100;
const PREFIX = 'operator-bench-';

export interface OperatorBench {
  /** Each operator's id and staff session, as a Cookie header value. */
  operators: { staffId: number; cookie: string }[];
  /** Typical queue calls: the first page, one site, one language, a later page (keyset cursor). */
  queuePaths: string[];
  /** The conversations every operator tries to claim at once. */
  raceConversationIds: number[];
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

export async function seedOperatorBench(db: Database, options: { postgres: boolean }): Promise<OperatorBench> {
  const [site] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(sql`${sites.isDefault}`);
  if (!site) throw new Error('no default site: seed the search bench profiles first');
  const now = new Date();

  await db.execute(sql`
    insert into profiles (site_id, seed_key, name, gender, birth_date, country, city, about, is_fictional, created_at)
    select ${site.id}, ${`${PREFIX}fictional-`} || g, (array['Lola','Mia','Nora','Ivy','Ruby'])[1 + g % 5], 'female',
      date '1995-01-01' - g * 7, 'GB', 'London', 'Fictional profile of the operator bench', true, now()
    from generate_series(1, ${OPERATOR_BENCH_FICTIONAL}) as g
    on conflict do nothing`);
  await db.execute(sql`
    insert into profiles (site_id, seed_key, name, gender, birth_date, country, city, is_fictional, created_at)
    select ${site.id}, ${`${PREFIX}member-`} || g, (array['James','Oliver','Jack','Harry','Liam'])[1 + g % 5], 'male',
      date '1990-01-01' - g % 9000, 'GB', 'Leeds', false, now()
    from generate_series(1, ${OPERATOR_BENCH_WAITING}) as g
    on conflict do nothing`);
  await db.execute(sql`
    insert into users (site_id, profile_id, email, status, language, created_at, activated_at)
    select ${site.id}, p.id, p.seed_key || '@bench.example.com', 'active',
      (${textArray(LOCALE_CODES)})[1 + p.id % ${LOCALE_CODES.length}], now(), now()
    from profiles p where p.seed_key like ${`${PREFIX}member-%`}
    on conflict do nothing`);

  // A fresh queue on a reused database: the earlier run's conversations, with their messages and claims (cascade).
  const benchProfiles = db
    .select({ id: profiles.id })
    .from(profiles)
    .where(like(profiles.seedKey, `${PREFIX}%`));
  await db.execute(
    sql`delete from operator_answers where conversation_id in (select id from conversations where low_profile_id in ${benchProfiles})`,
  );
  await db.execute(sql`delete from conversations where low_profile_id in ${benchProfiles} or high_profile_id in ${benchProfiles}`);
  await db.execute(sql`
    with pairs as (
      select m.id as member, f.id as fictional, m.n,
        date_trunc('minute', now()) - interval '7 days' + m.n * interval '1 minute' as since
      from (select id, row_number() over (order by id) as n from profiles where seed_key like ${`${PREFIX}member-%`}) as m
      join (select id, row_number() over (order by id) - 1 as k from profiles where seed_key like ${`${PREFIX}fictional-%`}) as f
        on f.k = m.n % ${OPERATOR_BENCH_FICTIONAL}
    )
    insert into conversations (site_id, low_profile_id, high_profile_id, started_by_profile_id, awaiting_staff_since, last_message_at, created_at)
    select ${site.id}, least(member, fictional), greatest(member, fictional), member, since, since, since from pairs`);
  await db.execute(sql`
    insert into conversation_members (conversation_id, profile_id)
    select c.id, c.low_profile_id from conversations c where c.started_by_profile_id in ${benchProfiles}
    union all
    select c.id, c.high_profile_id from conversations c where c.started_by_profile_id in ${benchProfiles}`);
  await db.execute(sql`
    insert into messages (conversation_id, sender_profile_id, kind, body, client_id, credits, created_at)
    select c.id, c.started_by_profile_id, 'text', 'Hi there, how was your day? I was thinking about what you wrote ' || c.id,
      gen_random_uuid()::text, 10, c.awaiting_staff_since
    from conversations c where c.started_by_profile_id in ${benchProfiles}`);
  await db.execute(sql`
    update conversations c set last_message_id = m.id from messages m
    where m.conversation_id = c.id and c.started_by_profile_id in ${benchProfiles}`);
  const inQueue = and(isNotNull(conversations.awaitingStaffSince), inArray(conversations.startedByProfileId, benchProfiles));
  const waiting = await db.$count(conversations, inQueue);
  if (waiting !== OPERATOR_BENCH_WAITING)
    throw new Error(`operator bench: ${waiting} waiting conversations, expected ${OPERATOR_BENCH_WAITING}`);
  if (options.postgres) await db.execute(sql`vacuum analyze conversations, conversation_members, messages, users, profiles`);

  const operators: OperatorBench['operators'] = [];
  const emails = Array.from({ length: OPERATOR_BENCH_OPERATORS }, (_, i) => `bench.operator.${i}@staff.example`);
  await db
    .insert(staffAccounts)
    // No password can match this hash: the bench operators only ever use the sessions made here.
    .values(
      emails.map((email, i) => ({
        email,
        name: `Bench operator ${i}`,
        role: 'operator' as const,
        passwordHash: 'bench: no login',
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
  const accounts = await db
    .select({ id: staffAccounts.id, email: staffAccounts.email })
    .from(staffAccounts)
    .where(inArray(staffAccounts.email, emails));
  for (const account of accounts.sort((a, b) => a.id - b.id)) {
    operators.push({ staffId: account.id, cookie: `${STAFF_SESSION_COOKIE}=${await createStaffSession(db, account.id, now, true)}` });
  }
  await db.delete(operatorAnswers).where(
    inArray(
      operatorAnswers.staffId,
      operators.map((o) => o.staffId),
    ),
  );

  const [middle] = await db
    .select({
      since: sql<string>`to_char(${conversations.awaitingStaffSince} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      id: conversations.id,
    })
    .from(conversations)
    .where(inQueue)
    .orderBy(asc(conversations.awaitingStaffSince), asc(conversations.id))
    .offset(OPERATOR_BENCH_WAITING / 2)
    .limit(1);
  const newest = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(inQueue)
    .orderBy(desc(conversations.awaitingStaffSince), desc(conversations.id))
    .limit(CLAIM_RACE_CONVERSATIONS);
  const queue = '/admin/api/operator/queue';
  return {
    operators,
    queuePaths: [
      queue,
      `${queue}?site_id=${site.id}`,
      `${queue}?language=de`,
      `${queue}?after=${encodeURIComponent(`${middle!.since}_${middle!.id}`)}`,
    ],
    raceConversationIds: newest.map((row) => row.id),
  };
}
