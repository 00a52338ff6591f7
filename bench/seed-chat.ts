/**
 * Bench data for the chat delivery bench (issue 32; chat-delivery.ts), on the site `localhost`,
 * written straight into the database before the servers start (signing up through the API is
 * rate-limited per address):
 *
 * - `count` real members (profiles with active accounts, men and women alternating), each with a
 *   session, in pairs: members 2p and 2p+1 are partners;
 * - one conversation per pair with both members' sides, so every message is a reply in a running
 *   conversation (no free member's start limit, no race of two first messages);
 * - credits for every member through the credit ledger (changeCredits): one opening balance
 *   that lasts many runs (a text costs the site's message_credits).
 *
 * Seed keys start with 'chat-bench-', not 'bench-', so the other benches' selections of 'bench-%'
 * profiles stay as they were. Re-running on the same PostgreSQL database keeps the members (and
 * adds the missing ones), replaces the pairs' conversations and makes new sessions.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/open';
import { conversationMembers, conversations, sessions, sites, users } from '../apps/server/src/db/schema';
import { newToken, sha256 } from '../apps/server/src/features/accounts/tokens';
import { changeCredits } from '../apps/server/src/features/credits/service';
import { seedDemoSites } from '../apps/server/src/seed/demo-sites';

export const CHAT_BENCH_PREFIX = 'chat-bench-member-';
/** Once per member (the same key on every run): 1,000,000 texts at 10 credits each. */
const OPENING_CREDITS = 10_000_000;
const SESSION_DAYS = 2;
const CHUNK = 1_000;

export interface ChatBenchMember {
  userId: number;
  profileId: number;
  /** The session, as a Cookie header value. */
  cookie: string;
}

export interface ChatBench {
  /** In pairs: members[2p] and members[2p + 1] talk to each other in conversationIds[p]. */
  members: ChatBenchMember[];
  conversationIds: number[];
  /** What a text costs on the site. */
  messageCredits: number;
}

/** The members' seed keys in pair order: the number after the prefix. */
const keyNumber = sql`substring(p.seed_key from ${CHAT_BENCH_PREFIX.length + 1}::int)::int`;

export async function seedChatBench(db: Database, options: { count: number; postgres: boolean }): Promise<ChatBench> {
  const count = options.count;
  if (count < 2 || count % 2 !== 0) throw new Error(`chat bench: an even number of members is needed, got ${count}`);
  await seedDemoSites(db);
  const [site] = await db.select({ id: sites.id, messageCredits: sites.messageCredits }).from(sites).where(eq(sites.domain, 'localhost'));
  if (!site) throw new Error('chat bench: no site localhost after the demo sites seed');
  const now = new Date();

  await db.execute(sql`
    insert into profiles (site_id, seed_key, name, gender, birth_date, country, city, created_at)
    select ${site.id}, ${CHAT_BENCH_PREFIX} || g, (array['Anna','Ben','Cleo','Dan','Eva','Finn'])[1 + g % 6],
      case when g % 2 = 0 then 'male' else 'female' end, date '1990-01-01' - g % 7000, 'GB', 'Leeds', now()
    from generate_series(0, ${count - 1}) as g
    on conflict do nothing`);
  await db.execute(sql`
    insert into users (site_id, profile_id, email, status, created_at, activated_at)
    select ${site.id}, p.id, p.seed_key || '@bench.example.com', 'active', now(), now()
    from profiles p where p.seed_key like ${`${CHAT_BENCH_PREFIX}%`}
    on conflict do nothing`);
  const { rows } = (await db.execute(sql`
    select u.id as user_id, p.id as profile_id from profiles p join users u on u.profile_id = p.id
    where p.seed_key like ${`${CHAT_BENCH_PREFIX}%`} and ${keyNumber} < ${count}
    order by ${keyNumber}`)) as unknown as { rows: { user_id: number; profile_id: number }[] };
  if (rows.length !== count) throw new Error(`chat bench: ${rows.length} members found, expected ${count}`);
  const userIds = rows.map((row) => Number(row.user_id));
  const profileIds = rows.map((row) => Number(row.profile_id));

  // A fresh start on a reused database: earlier runs' conversations of these members, their messages with them (cascade).
  for (let i = 0; i < profileIds.length; i += CHUNK) {
    const chunk = profileIds.slice(i, i + CHUNK);
    await db
      .delete(conversations)
      .where(sql`${inArray(conversations.lowProfileId, chunk)} or ${inArray(conversations.highProfileId, chunk)}`);
  }
  const pairs = Array.from({ length: count / 2 }, (_, p) => [profileIds[2 * p]!, profileIds[2 * p + 1]!] as const);
  const conversationIds: number[] = [];
  for (let i = 0; i < pairs.length; i += CHUNK) {
    const inserted = await db
      .insert(conversations)
      .values(
        pairs.slice(i, i + CHUNK).map(([a, b]) => ({
          siteId: site.id,
          lowProfileId: Math.min(a, b),
          highProfileId: Math.max(a, b),
          startedByProfileId: a,
          createdAt: now,
        })),
      )
      .returning({ id: conversations.id, low: conversations.lowProfileId, high: conversations.highProfileId });
    // In pair order: the answer's order is not promised, so look each pair up.
    const byPair = new Map(inserted.map((row) => [`${row.low}:${row.high}`, row.id]));
    for (const [a, b] of pairs.slice(i, i + CHUNK)) conversationIds.push(byPair.get(`${Math.min(a, b)}:${Math.max(a, b)}`)!);
  }
  const sides = pairs.flatMap(([a, b], p) => [
    { conversationId: conversationIds[p]!, profileId: a },
    { conversationId: conversationIds[p]!, profileId: b },
  ]);
  for (let i = 0; i < sides.length; i += CHUNK) await db.insert(conversationMembers).values(sides.slice(i, i + CHUNK));

  // Credits through the ledger: the same key every run, so a reused database posts them once.
  for (let i = 0; i < userIds.length; i += 250) {
    const chunk = userIds.slice(i, i + 250);
    await db.transaction(async (tx) => {
      for (const userId of chunk) {
        await changeCredits(tx, { userId, amount: OPENING_CREDITS, kind: 'opening_balance', idempotencyKey: 'chat-bench-credits', now });
      }
    });
  }
  const short = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${inArray(users.id, userIds)} and ${users.credits} < ${site.messageCredits * 1_000}`)
  ).length;
  if (short > 0)
    throw new Error(`chat bench: ${short} members have fewer than 1,000 texts' worth of credits left; seed new ones (another database)`);

  const tokens = userIds.map(() => newToken());
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  const sessionRows = userIds.map((userId, i) => ({ id: sha256(tokens[i]!), userId, createdAt: now, expiresAt }));
  for (let i = 0; i < sessionRows.length; i += CHUNK) await db.insert(sessions).values(sessionRows.slice(i, i + CHUNK));
  // A reused database carries the last run's messages (deleted above with their conversations), its
  // sockets' presence rows and ledger entries as dead rows; autovacuum would clear them, and a
  // server may run with it off.
  if (options.postgres)
    await db.execute(
      sql`vacuum analyze users, profiles, sessions, conversations, conversation_members, messages, member_presence, credit_entries, rate_limit_counters`,
    );

  return {
    members: userIds.map((userId, i) => ({ userId, profileId: profileIds[i]!, cookie: `auth.session=${tokens[i]}` })),
    conversationIds,
    messageCredits: site.messageCredits,
  };
}

/** Messages stored in the pairs' conversations whose text starts with `tag`: all of them, and distinct texts. */
export async function storedChatMessages(
  db: Database,
  conversationIds: number[],
  tag: string,
): Promise<{ rows: number; distinct: number }> {
  let rows = 0;
  let distinct = 0;
  for (let i = 0; i < conversationIds.length; i += CHUNK) {
    const {
      rows: [row],
    } = (await db.execute(sql`
      select count(*)::int as rows, count(distinct body)::int as distinct_bodies from messages
      where conversation_id = any(${sql.param(conversationIds.slice(i, i + CHUNK))}::int[]) and body like ${`${tag}%`}`)) as unknown as {
      rows: { rows: number; distinct_bodies: number }[];
    };
    rows += Number(row?.rows ?? 0);
    distinct += Number(row?.distinct_bodies ?? 0);
  }
  return { rows, distinct };
}

/** Removes the pairs' conversations (and their messages), so no later scan or bench finds them. */
export async function clearChatBench(db: Database, conversationIds: number[]): Promise<void> {
  for (let i = 0; i < conversationIds.length; i += CHUNK)
    await db.delete(conversations).where(inArray(conversations.id, conversationIds.slice(i, i + CHUNK)));
}
