/**
 * `npm run bench`: throughput of documented calls as a ratio against a bare route of the same
 * server in the same run, so the figure does not depend on how fast this machine is, and the
 * latency (p50/p95) of member search over many profiles (bench/seed-profiles.ts puts 100,000 in
 * the embedded database, or 1,000,000 in BENCH_DATABASE_URL; BENCH_PROFILES overrides), and
 * the likes calls (bench/seed-likes.ts: premium members liking, a member with 5,000 likes), and
 * who is shown to whom (bench/seed-matching.ts: a member in London; search with the two-way rule,
 * nearest first and a 50 km radius, the swipe stack and the match finder over the same profiles), and
 * the back office's photo moderation queue (bench/seed-moderation.ts: 10,000 photos waiting), and
 * the payment provider's webhooks (bench/seed-payments.ts: throughput of POST
 * /api/payment-webhook/sandbox, then 1,000 concurrent webhooks for 100 payments, each payment's
 * credits checked to be posted exactly once), and the operator console (bench/operator.ts: the queue
 * with 10,000 conversations waiting, 50 operators claiming and answering the same conversations), and
 * the notifications (bench/notifications.ts: 10,000 messages to offline members with mails and
 * pushes on, their send ratio against the same send to members without notifications, then the
 * queue's mail and push jobs per second and every mail and push checked to go out exactly once;
 * only when selected, as it points the server's SMTP_URL at a sink and waits out the scans), and
 * the traffic figures (bench/seed-traffic.ts: a year of daily counters of 20 sites, 262,800 rows;
 * GET /admin/api/traffic for all sites and for one, p95 within a second on PostgreSQL), and the
 * chat delivery (bench/chat-delivery.ts, issue 32: BENCH_SOCKETS members, default 2,000, each with
 * a live socket, sending BENCH_CHAT_RATE messages a second in all, default 200, for
 * BENCH_CHAT_SECONDS, default 30, through POST /api/message.php to their partners; send to the
 * partner's frame p50/p95/p99, memory per socket, every message exactly once and in order; on one
 * server process, then on three through Redis at BENCH_REDIS_URL, default redis://127.0.0.1:6379,
 * PostgreSQL only; BENCH_CHAT_PROCESSES=1 or 3 runs one of the two; BENCH_CHAT_WARMUP_SECONDS
 * the untimed first part, default one round of every member; runs first, with servers and
 * members of its own).
 * The server runs in its own process (as in production); autocannon loads it from this one.
 *
 * BENCH_ONLY=<text> runs only the cases whose name contains the text (case-insensitive), e.g.
 * BENCH_ONLY=like for POST /api/like.php and GET /api/likes.php, BENCH_ONLY=notification for the
 * notification bench; the bare route is measured as always, and the data is seeded as always
 * (BENCH_PROFILES keeps that short; BENCH_NOTIFICATION_MESSAGES the notification bench's 10,000).
 * BENCH_ONLY=chat runs the chat delivery bench alone: nothing else is seeded or measured.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/open';
import { EMBEDDED_BENCH_PROFILES, POSTGRES_BENCH_PROFILES, seedBenchProfiles } from './seed-profiles';
import { HEAVY_MEMBER_LIKES, LIKE_BENCH_MEMBERS, seedLikeBench, type LikeBench } from './seed-likes';
import { MODERATION_BENCH_PHOTOS, seedModerationBench, type ModerationBench } from './seed-moderation';
import { EXACTNESS_PAYMENTS, THROUGHPUT_PAYMENTS, seedPaymentsBench, type PaymentsBench } from './seed-payments';
import { EXACTNESS_CASE, webhookExactness } from './payments-exactness';
import { OPERATOR_BENCH_OPERATORS, OPERATOR_BENCH_WAITING, seedOperatorBench, type OperatorBench } from './seed-operator';
import { OPERATOR_RACE_CASE, operatorClaimRace, operatorQueueLatencyCase } from './operator';
import { seedMatchingBench, type MatchingBench } from './seed-matching';
import { seedTrafficBench, TRAFFIC_BENCH_DAYS, TRAFFIC_BENCH_ROWS, TRAFFIC_BENCH_SITES, type TrafficBench } from './seed-traffic';
import {
  NOTIFICATION_BENCH_DELAY_SECONDS,
  NOTIFICATION_BENCH_MESSAGES,
  NOTIFICATION_CASE,
  notificationBench,
  seedNotificationBench,
  startNotificationSinks,
  type NotificationBench,
  type NotificationSinks,
} from './notifications';
import { CHAT_CASE, chatDeliveryBench } from './chat-delivery';
import { steadyRate, steadyRequestsFrom } from './steady-rate';

interface Case {
  name: string;
  path: string;
  /** Minimum acceptable ratio of this call's throughput to the bare route's. */
  target: number;
  headers?: Record<string, string>;
  /** Runs once against the started server and answers the request headers (e.g. a session cookie). */
  prepare?: (base: string) => Promise<Record<string, string>>;
  /** Requests made instead of GET `path`, e.g. a POST whose member and body change per request. */
  requests?: autocannon.Request[];
  /**
   * A write call's target (issue 32): a steady rate for a while with p99 within a bound and no error,
   * on PostgreSQL. Its ratio to the bare route is then printed as information only: no durable write
   * reaches 0.3 of the bare route on two cores (decision 027 measured why).
   */
  steady?: { ratePerSecond: number; targetP99Ms: number };
}

/** Signs up a member through the real API and answers its session cookie. */
async function liveSession(base: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/signup.php?domain=localhost`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench.${Date.now()}@example.com`,
      name: 'Bench',
      password: 'bench password',
      date_of_birth: '1990-01-01',
      gender: 'male',
      looking_for: 'female',
      consent_terms: true,
      consent_orientation_data: true,
    }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('auth.session='));
  if (response.status !== 201 || !cookie) throw new Error(`bench signup failed: ${response.status} ${await response.text()}`);
  const headers = { cookie: cookie.split(';')[0]!, 'x-request-type': 'client' };
  // Measure the member path, not the cheaper visitor answer.
  const me = (await (await fetch(`${base}/api/user.php?domain=localhost`, { headers })).json()) as { user: unknown };
  if (!me.user) throw new Error('bench session is not logged in');
  return headers;
}

/**
 * POST /api/like.php, each request a new like of another bench member (seed-likes.ts): the whole
 * path of a like (session, burst counter, contact rules, state, like row and grant). Premium
 * members, as a free one is refused after 4 a day. The requests go round the members, as many
 * members liking at the same time do: the 10 requests in flight come from 10 members, never 10
 * likes of one member at once, which no person sends and which would only queue on that member's
 * own burst counter. Each member's k-th like goes to a profile it has not liked (no idempotent
 * repeats), and LIKE_BENCH_MEMBERS x LIKE_BURST_PER_MINUTE likes fit in a minute before any
 * member reaches the burst limit.
 */
function likeCase(bench: LikeBench): Case {
  const path = '/api/like.php?domain=localhost';
  const members = bench.memberCookies.length;
  let sent = 0;
  return {
    name: `POST /api/like.php (${LIKE_BENCH_MEMBERS.toLocaleString('en')} premium members, a new like each)`,
    path,
    target: 0.3,
    steady: { ratePerSecond: 200, targetP99Ms: 50 },
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (request) => {
          const n = sent++;
          const member = n % members;
          const nth = Math.floor(n / members);
          return {
            ...request,
            headers: { ...request.headers, cookie: bench.memberCookies[member]!, 'content-type': 'application/json' },
            body: JSON.stringify({ profile_id: bench.targetIds[(member * 7 + nth) % bench.targetIds.length] }),
          };
        },
      },
    ],
  };
}

/**
 * POST /api/payment-webhook/sandbox, each request a new notification (a new event id, so it is
 * stored and processed, not the cheap replay) about one of the seeded paid payments: stored in a
 * micro-batch, answered, then the status fetched from the sandbox off the request's path and
 * found to be nothing new. The settling of a payment itself is timed by the exactness check.
 */
function webhookCase(bench: PaymentsBench): Case {
  const path = '/api/payment-webhook/sandbox';
  const run = Date.now().toString(36);
  let sent = 0;
  return {
    name: `POST /api/payment-webhook/sandbox (payments: a new notification each about one of ${THROUGHPUT_PAYMENTS.toLocaleString('en')} paid payments)`,
    path,
    target: 0.3,
    steady: { ratePerSecond: 500, targetP99Ms: 50 },
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (request) => {
          const n = sent++;
          return {
            ...request,
            headers: { ...request.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ event_id: `bench_${run}_${n}`, payment_id: bench.throughputIds[n % bench.throughputIds.length] }),
          };
        },
      },
    ],
  };
}

const CASES: Case[] = [
  { name: 'GET /api/settings.php', path: '/api/settings.php?domain=localhost&locale=en', target: 0.8 },
  // Every page view of a member asks who is logged in: a session lookup joined to the profile.
  { name: 'GET /api/user.php (live session)', path: '/api/user.php?domain=localhost', target: 0.5, prepare: liveSession },
];
/** Latency of a call under a steady load of few connections, against the bare route measured the same way. */
interface LatencyCase {
  name: string;
  /** Cycled through in order, so the figure covers several typical queries. */
  paths: string[];
  /** Maximum acceptable p95 in ms, where it applies. */
  targetP95Ms: number;
  /** The target holds on PostgreSQL; on the embedded database the figures are reported only. */
  targetOn: 'postgres' | 'any';
  /** A target of its own on the embedded database (with its own, smaller, data), where one is set. */
  embeddedTargetP95Ms?: number;
  prepare?: (base: string) => Promise<Record<string, string>>;
  headers?: Record<string, string>;
}

/** Typical searches: country, gender and ages; a region (few results, so the similar block too); all countries; a later page. */
const SEARCH_PATHS = [
  'gender=female&country=GB&min_age=25&max_age=40',
  'gender=male&country=US&countryregion=CA&min_age=30&max_age=50',
  'gender=female&country=AU&min_age=18&max_age=30&page=3',
  'gender=male&country=IE&countryregion=KY&min_age=45&max_age=50',
  'country=NZ&min_age=20&max_age=99',
  'gender=female&min_age=30&max_age=35',
  'gender=male&country=CA&countryregion=QC&page=2',
  'gender=female&country=GB&countryregion=LND&min_age=28&max_age=34',
].map((query) => `/api/search.php?domain=localhost&${query}`);

const LATENCY_CASES: LatencyCase[] = [
  { name: 'GET /api/search.php (filters, live session)', paths: SEARCH_PATHS, targetP95Ms: 30, targetOn: 'postgres', prepare: liveSession },
];

/**
 * Who is shown to whom (issue 28), as a straight man in London (seed-matching.ts): searches with
 * the two-way rule, nearest first and a 50 km radius (ages, a later page, an explicit gender, a
 * country); the swipe stack; the match finder (nearest first) of both age groups.
 */
function matchingLatencyCases(bench: MatchingBench, profiles: number): LatencyCase[] {
  const headers = { cookie: bench.cookie, 'x-request-type': 'client' };
  const radiusSearches = [
    'radius=50',
    'radius=50&min_age=25&max_age=40',
    'radius=50&min_age=30&max_age=45&page=2',
    'radius=50&gender=female&min_age=20&max_age=30',
    'radius=50&country=GB&min_age=35&max_age=55',
  ].map((query) => `/api/search.php?domain=localhost&${query}`);
  const count = profiles.toLocaleString('en');
  return [
    {
      name: `GET /api/search.php (two-way rule, nearest first, 50 km radius; ${count} profiles)`,
      paths: radiusSearches,
      targetP95Ms: 15,
      targetOn: 'any',
      embeddedTargetP95Ms: 30,
      headers,
    },
    {
      name: `GET /api/swipe-stack.php (two-way rule; ${count} profiles)`,
      paths: ['/api/swipe-stack.php?domain=localhost'],
      targetP95Ms: 20,
      targetOn: 'postgres',
      headers,
    },
    {
      name: `GET /api/match-finder.php (two-way rule, nearest first; ${count} profiles)`,
      paths: ['/api/match-finder.php?domain=localhost&age_group=18-35', '/api/match-finder.php?domain=localhost&age_group=35%2B'],
      targetP95Ms: 20,
      targetOn: 'postgres',
      headers,
    },
  ];
}

const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 10);
const LATENCY_CONNECTIONS = [1, 4];

const BASELINE_PATH = '/api/health';
const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 2);
/** Baseline and call alternate in short rounds; the median ratio resists background load drift. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 10;
/** The steady-rate write targets (issue 32): 30 s each; connections enough that the rate, not a queue of 10, sets the pace. */
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 30);
const STEADY_CONNECTIONS = 50;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const canPin = os.cpus().length >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;
if (canPin) spawnSync('taskset', ['-pc', `1-${os.cpus().length - 1}`, String(process.pid)]);

async function startServer(port: number, dataDir: string, extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  const repoRoot = path.resolve(import.meta.dirname, '..');
  // On a multi-core machine the server gets core 0 and this load generator the others, so the two
  // do not steal time from each other and the ratio reflects the server's own work.
  const pin = canPin ? ['taskset', '-c', '0'] : [];
  // BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  // BENCH_SERVER_NODE_FLAGS: more flags for the server's Node.js, e.g. --trace-gc to see its pauses.
  const flags = process.env.BENCH_SERVER_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const [command, ...args] = [...pin, process.execPath, ...profile, ...flags, '--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(command!, args, {
    cwd: repoRoot,
    // Metrics on, as in production: every request is timed (decision 019); /metrics is scraped once at the end.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}${BASELINE_PATH}`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start within 120 s');
}

async function load(url: string, headers: Record<string, string> = {}, seconds = DURATION_S, requests?: autocannon.Request[]) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, requests });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Percentiles of every response time of a run at a fixed number of connections. */
async function latency(base: string, paths: string[], headers: Record<string, string>, connections: number, seconds: number) {
  const times: number[] = [];
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers,
    requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
    setupClient: (client) => {
      client.on('response', (_status: number, _bytes: number, responseTime: number) => times.push(responseTime));
    },
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${paths[0]}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), rps: result.requests.average, count: times.length };
}

/** Fills the database the server will use with the search and likes bench data before it starts. */
async function seedBenchData(
  dataDir: string,
  sinks: NotificationSinks | null,
): Promise<
  LikeBench & {
    moderation: ModerationBench;
    payments: PaymentsBench;
    operator: OperatorBench;
    matching: MatchingBench;
    traffic: TrafficBench;
    notification: NotificationBench | null;
    profiles: number;
  }
> {
  const url = process.env.BENCH_DATABASE_URL || undefined;
  const count = Number(process.env.BENCH_PROFILES ?? (url ? POSTGRES_BENCH_PROFILES : EMBEDDED_BENCH_PROFILES));
  const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir });
  try {
    await database.migrate();
    const result = await seedBenchProfiles(database.db, { count, log: (line) => process.stdout.write(`\r${line}`) });
    console.log(
      `\nSearch bench data: ${result.total.toLocaleString('en')} profiles on ${url ? 'PostgreSQL' : 'the embedded database'} (${result.inserted.toLocaleString('en')} inserted now, ${result.seconds.toFixed(1)} s)`,
    );
    const likes = await seedLikeBench(database.db, { postgres: !!url });
    console.log(
      `Likes bench data: ${LIKE_BENCH_MEMBERS.toLocaleString('en')} premium members, one with ${HEAVY_MEMBER_LIKES.toLocaleString('en')} likes each way`,
    );
    const moderation = await seedModerationBench(database.db, { postgres: !!url });
    console.log(
      `Moderation bench data: ${MODERATION_BENCH_PHOTOS.toLocaleString('en')} photos waiting for review, a moderator's staff session`,
    );
    const payments = await seedPaymentsBench(database.db);
    console.log(
      `Payments bench data: ${THROUGHPUT_PAYMENTS.toLocaleString('en')} paid payments, ${EXACTNESS_PAYMENTS} open ones (paid at the sandbox) for the exactness check`,
    );
    const operator = await seedOperatorBench(database.db, { postgres: !!url });
    console.log(
      `Operator bench data: ${OPERATOR_BENCH_WAITING.toLocaleString('en')} conversations waiting for a fictional profile's answer, ${OPERATOR_BENCH_OPERATORS} operators' staff sessions`,
    );
    const matching = await seedMatchingBench(database.db);
    console.log(
      'Matching bench data: a straight man in London with a location cell, for the two-way rule, distances and the matching lists',
    );
    const traffic = await seedTrafficBench(database.db, { postgres: !!url });
    console.log(
      `Traffic bench data: ${TRAFFIC_BENCH_DAYS} days of figures for ${TRAFFIC_BENCH_SITES} sites (${TRAFFIC_BENCH_ROWS.toLocaleString('en')} daily rows), a staff session with dashboard.view`,
    );
    // Only when selected: its members get mails and pushes, which need the sinks this run started.
    const notification = sinks ? await seedNotificationBench(database.db, { postgres: !!url, pushOrigin: sinks.pushOrigin }) : null;
    if (notification)
      console.log(
        `Notification bench data: ${notification.senderCookies.length.toLocaleString('en')} senders, ${NOTIFICATION_BENCH_MESSAGES.toLocaleString('en')} offline members with mails and a browser each, ${notification.quiet.length.toLocaleString('en')} without notifications`,
      );
    // A database in use is vacuumed by autovacuum; a bench database is reused run after run (each
    // leaves tens of thousands of dead rows: likes, grants, counters, finished jobs), and a server
    // may run with autovacuum off. One pass here starts every run from a maintained database.
    if (url) {
      const started = Date.now();
      await database.db.execute(sql`vacuum analyze`);
      console.log(`Vacuumed and analyzed the bench database (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    return { ...likes, moderation, payments, operator, matching, traffic, notification, profiles: result.total };
  } finally {
    await database.close();
  }
}

/** BENCH_ONLY: the cases to run, by a part of their name. */
const ONLY = process.env.BENCH_ONLY?.trim().toLowerCase() || undefined;
const selected = <T extends { name: string }>(cases: T[]): T[] => (ONLY ? cases.filter((c) => c.name.toLowerCase().includes(ONLY)) : cases);

// The chat delivery bench (issue 32) starts servers of its own (one process, then three) and seeds
// members of its own, so it runs first; BENCH_ONLY=chat (or any text starting with chat) runs it
// alone, without seeding the other cases' data.
const chatSelected = selected([CHAT_CASE]).length > 0;
const chatOk = chatSelected
  ? await chatDeliveryBench({
      startServer,
      freePort,
      metricsToken: BENCH_METRICS_TOKEN,
      databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
    })
  : true;
if (chatSelected && ONLY?.startsWith('chat')) process.exit(chatOk ? 0 : 1);

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-bench-'));
// The notification bench needs an SMTP sink and a push service before the seed (the browsers' endpoints) and the server (SMTP_URL).
const sinks = selected([NOTIFICATION_CASE]).length > 0 ? await startNotificationSinks() : null;
const likeBench = await seedBenchData(dataDir, sinks);
CASES.push(likeCase(likeBench));
CASES.push(webhookCase(likeBench.payments));
LATENCY_CASES.push({
  name: `GET /api/likes.php (${HEAVY_MEMBER_LIKES.toLocaleString('en')} likes given and as many received)`,
  paths: ['/api/likes.php?domain=localhost'],
  targetP95Ms: 10,
  targetOn: 'postgres',
  headers: { cookie: likeBench.heavyCookie },
});
LATENCY_CASES.push({
  name: `GET /admin/api/photos/queue (${MODERATION_BENCH_PHOTOS.toLocaleString('en')} photos waiting, moderation queue)`,
  paths: likeBench.moderation.paths,
  targetP95Ms: 20,
  targetOn: 'postgres',
  headers: { cookie: likeBench.moderation.cookie },
});
LATENCY_CASES.push(operatorQueueLatencyCase(likeBench.operator));
LATENCY_CASES.push(...matchingLatencyCases(likeBench.matching, likeBench.profiles));
// The traffic figures (issue 31): a year of 20 sites' daily counters must answer within a second.
for (const [scope, paths] of [
  ['all sites', likeBench.traffic.allSitesPaths],
  ['one site', likeBench.traffic.oneSitePaths],
] as const) {
  LATENCY_CASES.push({
    name: `GET /admin/api/traffic (a year, ${scope}; ${TRAFFIC_BENCH_SITES} sites, ${TRAFFIC_BENCH_ROWS.toLocaleString('en')} daily rows, traffic figures)`,
    paths,
    targetP95Ms: 1000,
    targetOn: 'postgres',
    headers: { cookie: likeBench.traffic.cookie },
  });
}
const server = await startServer(
  port,
  dataDir,
  sinks ? { SMTP_URL: sinks.smtpUrl, NOTIFICATION_MAIL_DELAY_SECONDS: String(NOTIFICATION_BENCH_DELAY_SECONDS) } : {},
);
const base = `http://127.0.0.1:${port}`;
let failed = !chatOk;
try {
  const cases = selected(CASES);
  const latencyCases = selected(LATENCY_CASES);
  const exactness = selected([EXACTNESS_CASE]).length > 0;
  const operatorRace = selected([OPERATOR_RACE_CASE]).length > 0;
  if (cases.length + latencyCases.length === 0 && !exactness && !operatorRace && !likeBench.notification && !chatSelected)
    throw new Error(`BENCH_ONLY=${ONLY} matches no case`);
  for (const c of cases) if (c.prepare) c.headers = { ...c.headers, ...(await c.prepare(base)) };
  // First, on an idle server: the throughput runs below leave a backlog of notifications to process.
  if (exactness) failed = !(await webhookExactness(base, likeBench.payments)) || failed;
  if (operatorRace) failed = !(await operatorClaimRace(base, likeBench.operator)) || failed;
  if (likeBench.notification && sinks) {
    console.log(`\n${NOTIFICATION_CASE.name} (${ROUNDS} alternating rounds, baseline = ${BASELINE_PATH} for ${DURATION_S} s)`);
    const tools = {
      base,
      metricsToken: BENCH_METRICS_TOKEN,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      baseline: async () => (await load(base + BASELINE_PATH)).rps,
      onPostgres: !!process.env.BENCH_DATABASE_URL,
    };
    // Waits until the queue sent everything, so the cases after it run on a quiet queue.
    failed = !(await notificationBench(tools, likeBench.notification, sinks)) || failed;
  }
  // Warm up the JIT and caches on both routes before measuring.
  await load(base + BASELINE_PATH, {}, 1);
  for (const c of cases) await load(base + c.path, c.headers, 1, c.requests);

  // The steady rates first, on a server that is not digesting the throughput rounds' bursts: the
  // like rounds send 7 times the steady rate for 10 s, and the notification scan turns those likes
  // into thousands of mail jobs a minute or two later, which this one process would run beside the
  // steady like (in the reference deployment a worker process runs them; decision 060).
  const onPostgres = !!process.env.BENCH_DATABASE_URL;
  const steadyCases = cases.filter((c) => c.steady);
  if (steadyCases.length > 0) console.log(`\nSteady rate for ${STEADY_SECONDS} s (the write targets apply on PostgreSQL)`);
  for (const c of steadyCases) {
    const { ratePerSecond, targetP99Ms } = c.steady!;
    const request = steadyRequestsFrom(c.requests?.[0], c.path, c.headers);
    const result = await steadyRate({ base, ratePerSecond, seconds: STEADY_SECONDS, connections: STEADY_CONNECTIONS, request });
    const ok = result.p99 <= targetP99Ms && result.errors === 0 && result.ratePerSecond >= ratePerSecond * 0.95;
    if (onPostgres) failed ||= !ok;
    console.log(
      `${onPostgres ? (ok ? 'ok  ' : 'FAIL') : 'info'} ${c.name} at ${ratePerSecond}/s, evenly spaced: ${result.ratePerSecond.toFixed(0)} req/s, ` +
        `p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms (target p99 <= ${targetP99Ms} ms, no error; timed from when each request was due), ` +
        `${result.answered.toLocaleString('en')} answered, ${result.errors} errors, ${result.waitedForConnection} waited for a connection`,
    );
  }

  console.log(`\nThroughput, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S} s (baseline = ${BASELINE_PATH})`);
  for (const c of cases) {
    const rounds: { ratio: number; rps: number; baseline: number; p50: number; p99: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const baseline = await load(base + BASELINE_PATH);
      const measured = await load(base + c.path, c.headers, DURATION_S, c.requests);
      rounds.push({ ratio: measured.rps / baseline.rps, rps: measured.rps, baseline: baseline.rps, p50: measured.p50, p99: measured.p99 });
    }
    rounds.sort((a, b) => a.ratio - b.ratio);
    const median = rounds[Math.floor(rounds.length / 2)]!;
    const ok = median.ratio >= c.target;
    // A case with a steady-rate target keeps its ratio as information (see Case.steady).
    if (!c.steady) failed ||= !ok;
    console.log(
      `${c.steady ? 'info' : ok ? 'ok  ' : 'FAIL'} ${c.name}: median ratio ${median.ratio.toFixed(2)} (${c.steady ? 'was a target of' : 'target'} >= ${c.target}; rounds ${rounds.map((r) => r.ratio.toFixed(2)).join(' ')}); ` +
        `${median.rps.toFixed(0)} req/s vs bare ${median.baseline.toFixed(0)} req/s, p50 ${median.p50} ms, p99 ${median.p99} ms`,
    );
  }

  for (const c of latencyCases) {
    if (c.prepare) c.headers = { ...c.headers, ...(await c.prepare(base)) };
    await latency(base, c.paths, c.headers ?? {}, 1, 2); // warm-up
    for (const connections of LATENCY_CONNECTIONS) {
      const bare = await latency(base, [BASELINE_PATH], {}, connections, LATENCY_SECONDS);
      const measured = await latency(base, c.paths, c.headers ?? {}, connections, LATENCY_SECONDS);
      const applies = connections === 1 && (c.targetOn === 'any' || onPostgres);
      const target = !onPostgres && c.embeddedTargetP95Ms !== undefined ? c.embeddedTargetP95Ms : c.targetP95Ms;
      const ok = !applies || measured.p95 <= target;
      failed ||= !ok;
      console.log(
        `${applies ? (ok ? 'ok  ' : 'FAIL') : 'info'} ${c.name}, ${connections} connection(s): p50 ${measured.p50.toFixed(1)} ms, p95 ${measured.p95.toFixed(1)} ms` +
          `${applies ? ` (target p95 <= ${target} ms)` : ''}, ${measured.rps.toFixed(0)} req/s over ${measured.count} calls; ` +
          `bare route p50 ${bare.p50.toFixed(1)} ms, p95 ${bare.p95.toFixed(1)} ms`,
      );
    }
  }

  // Proof that the figures above were taken with metrics on: the server timed the requests.
  const scrape = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
  const timed = [...(await scrape.text()).matchAll(/^http_request_duration_seconds_count\{[^}]*\} (\d+)$/gm)].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  );
  if (scrape.status !== 200 || timed === 0) throw new Error(`metrics were not on: /metrics answered ${scrape.status}`);
  console.log(`\nMetrics on: the server timed ${timed.toLocaleString('en')} requests (GET /metrics)`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
  await sinks?.close();
}
process.exit(failed ? 1 : 0);
