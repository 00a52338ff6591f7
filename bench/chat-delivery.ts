/**
 * The chat delivery bench (issue 32), run by run.ts (BENCH_ONLY=chat runs only this and seeds
 * nothing else). Does the live channel hold at the size of a real site?
 *
 * - CHAT_SOCKETS real members (seed-chat.ts: active accounts, sessions, credits through the
 *   ledger, one conversation per pair), each with one live socket (GET /api/live with its session
 *   cookie, as the web app opens it), waiting for the hello;
 * - every member sends to its partner through POST /api/message.php (a client_id each, the
 *   route's idempotency key) so that all together send CHAT_RATE messages a second, spread evenly
 *   (each member every CHAT_SOCKETS / CHAT_RATE seconds; partners half a round apart), for
 *   WARMUP_SECONDS that are checked but not timed, then CHAT_SECONDS that are timed; the warm-up
 *   is one round (every member sends once: a member's first request of the day records the day,
 *   the first send of a session looks it up), so the timed part is the steady state;
 * - timed: from starting the send call to the partner's socket receiving that message's frame
 *   (p50/p95/p99; a message whose frame never came counts as endless), the messages a second
 *   actually sent, and the send call's own answer time beside it;
 * - exact: every message answered 200 arrives at the partner's socket exactly once, at no other
 *   socket, in the order its sender sent them (a send begun after the previous one was answered
 *   arrives after it, with a larger id), and is stored once. Any lost, doubled, misdelivered or
 *   out-of-order message, refused send or socket the server closed fails the bench; a send not
 *   answered within SEND_TIMEOUT_MS is an overloaded server, which the latency shows;
 * - memory: the server processes' resident memory (GET /metrics) after the sockets opened minus
 *   before, per socket.
 *
 * Two layouts, one after the other on fresh servers (run.ts's startServer: their own processes,
 * pinned like the other cases' server): one process (its in-process broker; target p99 <= 50 ms),
 * and three processes on the same PostgreSQL and Redis (two WORKER=0, one WORKER=1, a key and
 * channel prefix of this run) behind a local nginx generated as `npm run cluster`'s
 * (deploy/local-nginx.ts, Debian's nginx): sockets and sends go through nginx, which spreads them
 * (least_conn), so a frame crosses Redis whenever the partner's socket is on another process, as
 * in a deployment (target p99 <= 80 ms). All the server processes share core 0, as one does.
 * The targets apply on PostgreSQL; on the embedded database (PGlite, one process by design) only
 * the one-process layout runs, its figures as information.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { MESSAGE_BURST_PER_MINUTE } from '@cupido/shared/rules/chats';
import { LIVE_PATH } from '@cupido/shared/rules/live-frames';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/open';
import { nginxBinary, startLocalNginx } from '../deploy/local-nginx';
import { machineLine } from './machine';
import { clearChatBench, seedChatBench, storedChatMessages, type ChatBench } from './seed-chat';

export const CHAT_SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2_000);
export const CHAT_RATE = Number(process.env.BENCH_CHAT_RATE ?? 200);
export const CHAT_SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 30);
/** The timed run's p99 is also printed per window of this many seconds. */
const LATENCY_WINDOW_SECONDS = 5;
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
/** Sent and checked like the rest, not timed: the server's first sends compile and warm caches. */
const WARMUP_SECONDS = Number(process.env.BENCH_CHAT_WARMUP_SECONDS ?? Math.max(2, CHAT_SOCKETS / CHAT_RATE));
/** How long after the last answer a frame may still come before its message counts as lost. */
const DRAIN_MS = 10_000;
/** After everything arrived: a frame sent twice would come now. */
const LATE_DOUBLES_MS = 1_000;
const OPEN_CONCURRENCY = 25;
const SEND_TIMEOUT_MS = 30_000;
const TIMED_OUT = -2;
/**
 * Kept-alive connections to each server process, as a proxy's upstream pool: a server that falls
 * behind makes the sends wait here (counted in the latency) instead of in its listen backlog,
 * where refused connections would be retried seconds later or fail.
 */
const CONNECTIONS_PER_PROCESS = 256;
/** The generator must have kept the rate: below this share of it the figure is not "at CHAT_RATE". */
const MIN_RATE_SHARE = 0.95;

const n = (value: number) => value.toLocaleString('en', { maximumFractionDigits: 1 });

export const CHAT_CASE = {
  name: `chat delivery: ${n(CHAT_SOCKETS)} sockets, ${n(CHAT_RATE)} messages/s to each partner's socket, one and three processes`,
};

export interface ChatTools {
  /** run.ts's: the server in its own process (METRICS_TOKEN set), answering once it listens. */
  startServer(port: number, dataDir: string, extraEnv: Record<string, string>): Promise<ChildProcess>;
  freePort(): Promise<number>;
  metricsToken: string;
  /** BENCH_DATABASE_URL; undefined: the embedded database. */
  databaseUrl: string | undefined;
}

interface Layout {
  name: string;
  processes: number;
  targetP99Ms: number;
  /** The server environment of process i (beyond run.ts's). */
  env(i: number): Record<string, string>;
  /** Sockets and sends go through a local nginx in front of the processes (deploy/local-nginx.ts), as deployed. */
  throughNginx?: boolean;
}

interface Server {
  child: ChildProcess;
  base: string;
  dataDir: string | null;
  agent: http.Agent;
}

/** POSTs JSON through the server's agent; answers the status, or TIMED_OUT after `timeoutMs`. */
function post(
  server: Server,
  path: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.base}${path}`,
      {
        method: 'POST',
        agent: server.agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, body: text });
        });
        response.on('error', reject);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      resolve({ status: TIMED_OUT, body: '' });
    }, timeoutMs);
    request.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    request.end(body);
  });
}

/** One message: sent by member senderOf(k) to its partner. */
interface Sent {
  start: number;
  answeredAt: number;
  frameAt: number;
  frames: number;
  /** Its place among the frames of messages the partner's socket received (the first frame). */
  arrival: number;
  /** The message's id, from its frame. */
  id: number;
  /** HTTP status; TIMED_OUT when no answer came within SEND_TIMEOUT_MS, -1 for another failure to get one. */
  status: number;
}

/** Sums the samples of a metric whose labels contain `labels` (GET /metrics text). */
function metric(text: string, name: string, labels = ''): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || (line[name.length] !== ' ' && line[name.length] !== '{') || !line.includes(labels)) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

async function scrape(server: Server, token: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      if (response.status !== 200) throw new Error(`chat bench: GET /metrics answered ${response.status}`);
      return await response.text();
    } catch (err) {
      // A kept-alive connection the busy server had closed: once more on a new one.
      if (attempt === 3) throw err;
    }
  }
}

/**
 * CPU seconds so far of the PostgreSQL backends serving `database`, by process id, when PostgreSQL
 * runs on this machine (Linux /proc; the backend's title names its database). Empty elsewhere.
 */
function backendCpu(database: string | undefined): Map<number, number> {
  const found = new Map<number, number>();
  if (!database || !fs.existsSync('/proc/self/stat')) return found;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!title.startsWith('postgres:') || !title.split(/[\s\0]+/).includes(database)) continue;
      // Fields 14 and 15 (utime, stime) after the command in parentheses, in clock ticks (100 a second on Linux).
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      found.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/**
 * Every second until stopped: the most requests that waited for a database connection at once in
 * each server, and the CPU the database's backends on this machine used meanwhile.
 */
function sampleDatabase(servers: Server[], token: string, database: string | undefined) {
  const most = servers.map(() => 0);
  const first = backendCpu(database);
  const last = new Map(first);
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await Promise.all(
        servers.map(async (server, p) => {
          const text = await scrape(server, token).catch(() => '');
          most[p] = Math.max(most[p]!, metric(text, 'cupido_db_pool_connections', 'state="waiting"'));
        }),
      );
      for (const [pid, seconds] of backendCpu(database)) last.set(pid, seconds);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      for (const [pid, seconds] of backendCpu(database)) last.set(pid, seconds);
      const cpuSeconds = [...last].reduce((sum, [pid, seconds]) => sum + seconds - (first.get(pid) ?? 0), 0);
      return { poolWaiting: most, databaseCpuSeconds: last.size > 0 ? cpuSeconds : null };
    },
  };
}

/**
 * Waits (at most two minutes) until the servers are idle: on PostgreSQL no request waits for a
 * database connection and none is in use (a send whose caller gave up never counts as answered);
 * on PGlite the count of answered sends stays the same. Either twice in a row, a second apart.
 */
async function untilSendsSettle(servers: Server[], token: string): Promise<void> {
  const state = async () => {
    const texts = await Promise.all(servers.map((server) => scrape(server, token)));
    const sum = (name: string, labels = '') => texts.reduce((total, text) => total + metric(text, name, labels), 0);
    if (!texts.every((text) => text.includes('cupido_db_pool_connections')))
      return `answered ${sum('http_request_duration_seconds_count', 'route="/api/message.php"')}`;
    const inUse = sum('cupido_db_pool_connections', 'state="total"') - sum('cupido_db_pool_connections', 'state="idle"');
    return inUse + sum('cupido_db_pool_connections', 'state="waiting"') === 0 ? 'idle' : null;
  };
  const deadline = performance.now() + 120_000;
  let last: string | null = null;
  while (performance.now() < deadline) {
    const now = await state();
    if (now !== null && now === last) return;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Whether Redis answers PING at the URL. */
async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const ms = (value: number, never = 'no frame') => (value === Infinity ? never : `${value.toFixed(1)} ms`);

/** Opens a member's socket and resolves once its hello came; frames go to onMessage from then on. */
function openSocket(base: string, cookie: string, onText: (text: string, at: number) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${LIVE_PATH}?domain=localhost`, { headers: { cookie } });
    let ready = false;
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('chat bench: no hello within 30 s'));
    }, 30_000);
    ws.on('message', (data) => {
      const at = performance.now();
      const text = data.toString();
      if (ready) return onText(text, at);
      if (text.startsWith('{"type":"hello"')) {
        ready = true;
        clearTimeout(timer);
        resolve(ws);
      }
    });
    ws.on('error', () => undefined);
    ws.on('close', (code, reason) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`chat bench: socket closed before its hello: ${code} ${reason.toString()}`));
    });
  });
}

async function startServers(tools: ChatTools, layout: Layout, pgliteDir: string | null): Promise<Server[]> {
  return Promise.all(
    Array.from({ length: layout.processes }, async (_, i) => {
      const port = await tools.freePort();
      // PGlite: the seeded directory (one process). PostgreSQL: a data directory of each process's own (mail, photos).
      const own = pgliteDir ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-bench-chat-'));
      const child = await tools.startServer(port, pgliteDir ?? own!, layout.env(i));
      return {
        child,
        base: `http://127.0.0.1:${port}`,
        dataDir: own,
        agent: new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS_PER_PROCESS }),
      };
    }),
  );
}

async function stopServers(servers: Server[]): Promise<void> {
  await Promise.all(
    servers.map(async (server) => {
      server.agent.destroy();
      if (server.child.exitCode === null) {
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGTERM');
        await exited;
      }
      if (server.dataDir) fs.rmSync(server.dataDir, { recursive: true, force: true });
    }),
  );
}

/** Runs `count` tasks with at most `limit` at a time. */
async function inParallel(count: number, limit: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/**
 * PostgreSQL writes a checkpoint now, so that none begins during the run: on a 2-vCPU machine
 * with one small disk, the first minutes of a checkpoint (every page written once more in full
 * to the WAL, the operating system writing the dirty pages back) held commits 100-540 ms, in
 * bursts of twenty to thirty, whenever the seeding or the previous layout had started one
 * (decision 073). An explicit checkpoint also restarts checkpoint_timeout (5 minutes by
 * default), longer than a layout runs. It needs a superuser or the pg_checkpoint role; without
 * it the run goes on, and says so.
 */
async function checkpointBeforeTheRun(open: () => Promise<DatabaseHandle>, layout: Layout): Promise<void> {
  const database = await open();
  try {
    await database.db.execute(sql`checkpoint`);
  } catch (err) {
    console.log(`info chat delivery, ${layout.name}: no checkpoint before the run (${(err as Error).message}); one may begin during it`);
  } finally {
    await database.close();
  }
}

async function runLayout(
  tools: ChatTools,
  bench: ChatBench,
  layout: Layout,
  open: () => Promise<DatabaseHandle>,
  pgliteDir: string | null,
): Promise<boolean> {
  const members = bench.members;
  const count = members.length;
  const half = count / 2;
  const onPostgres = !!tools.databaseUrl;
  // Pair p: its first member's socket on process p % P, its second's on the next one; each sends through its own socket's process.
  const processOf = (i: number) => (Math.floor(i / 2) + (i % 2)) % layout.processes;
  const partnerOf = (i: number) => i ^ 1;
  // Message k: all first members of the pairs in turn, then all second ones, and again.
  const senderOf = (k: number) => {
    const j = k % count;
    return j < half ? 2 * j : 2 * (j - half) + 1;
  };
  const total = Math.round((WARMUP_SECONDS + CHAT_SECONDS) * CHAT_RATE);
  const warmup = Math.round(WARMUP_SECONDS * CHAT_RATE);
  const tag = `chat-bench ${randomBytes(4).toString('hex')} `;
  console.log(
    `\n${CHAT_CASE.name.split(':')[0]}, ${layout.name}: load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  // Before the servers start: the machine's memory latency, to compare this run's figures with other machines'.
  console.log(`info chat delivery, ${layout.name}: ${machineLine()}`);

  const servers = await startServers(tools, layout, pgliteDir);
  let front: Server | null = null;
  let stopNginx: (() => Promise<void>) | null = null;
  if (layout.throughNginx) {
    const port = await tools.freePort();
    const nginx = await startLocalNginx(
      port,
      servers.map((server) => Number(new URL(server.base).port)),
    );
    stopNginx = nginx.stop;
    front = {
      child: nginx.child,
      base: `http://127.0.0.1:${port}`,
      dataDir: null,
      agent: new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS_PER_PROCESS * servers.length }),
    };
  }
  // Where member i's socket and sends go: nginx, or (without it) a process chosen so that frames cross.
  const entryOf = (i: number): Server => front ?? servers[processOf(i)]!;
  const sockets: WebSocket[] = [];
  let failed = false;
  let closing = false;
  let answeredCount = 0;
  let sentCount = 0;
  try {
    const before = await Promise.all(servers.map((server) => scrape(server, tools.metricsToken)));

    const sent: Sent[] = [];
    const arrivals = new Int32Array(count);
    let misdelivered = 0;
    let strangers = 0;
    let closedByServer = 0;
    const onText = (receiver: number) => (text: string, at: number) => {
      if (!text.startsWith('{"type":"message"')) return;
      const message = (JSON.parse(text) as { message: { id: number; from_me: boolean; text: string | null } }).message;
      if (message.from_me) return;
      if (!message.text?.startsWith(tag)) return void strangers++;
      const k = Number(message.text.slice(tag.length));
      const record = sent[k];
      if (!record || partnerOf(senderOf(k)) !== receiver) return void misdelivered++;
      record.frames += 1;
      if (record.frames > 1) return;
      record.frameAt = at;
      record.arrival = arrivals[receiver]!++;
      record.id = message.id;
    };
    const opening = performance.now();
    await inParallel(count, OPEN_CONCURRENCY, async (i) => {
      const ws = await openSocket(entryOf(i).base, members[i]!.cookie, onText(i));
      ws.on('close', () => {
        if (!closing) closedByServer++;
      });
      sockets[i] = ws;
    });
    const openSeconds = (performance.now() - opening) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    if (onPostgres) await checkpointBeforeTheRun(open, layout);
    const opened = await Promise.all(servers.map((server) => scrape(server, tools.metricsToken)));
    // Through nginx, nginx chose each socket's process (least_conn): the processes say how many they hold.
    const perProcess = front
      ? opened.map((text) => metric(text, 'cupido_live_sockets'))
      : servers.map((_, p) => members.filter((_m, i) => processOf(i) === p).length);
    opened.forEach((text, p) => {
      if (metric(text, 'cupido_live_sockets') !== perProcess[p])
        throw new Error(`chat bench: process ${p + 1} holds ${metric(text, 'cupido_live_sockets')} sockets, expected ${perProcess[p]}`);
    });
    if (front && perProcess.reduce((sum, sockets) => sum + sockets, 0) !== count)
      throw new Error(`chat bench: the processes hold ${perProcess.join(' + ')} sockets, expected ${count}`);
    const rss = (texts: string[]) => texts.reduce((sum, text) => sum + metric(text, 'process_resident_memory_bytes'), 0);
    const heap = (texts: string[]) => texts.reduce((sum, text) => sum + metric(text, 'nodejs_heap_size_used_bytes'), 0);
    console.log(
      `${n(count)} sockets open in ${openSeconds.toFixed(1)} s (${perProcess.map((s, p) => `process ${p + 1}: ${n(s)}`).join(', ')}); ` +
        `sending ${n(CHAT_RATE)} messages/s for ${WARMUP_SECONDS} s of warm-up and ${CHAT_SECONDS} s timed, each member every ${(count / CHAT_RATE).toFixed(1)} s`,
    );

    // The sends: message k starts at t0 + k / CHAT_RATE; a late timer sends what is due at once.
    const interval = 1000 / CHAT_RATE;
    const answers: Promise<void>[] = [];
    let errorSample = '';
    const fire = (k: number) => {
      const sender = senderOf(k);
      const record: Sent = { start: performance.now(), answeredAt: 0, frameAt: 0, frames: 0, arrival: -1, id: 0, status: 0 };
      sent[k] = record;
      const body = JSON.stringify({ profile_id: members[partnerOf(sender)]!.profileId, client_id: randomUUID(), text: `${tag}${k}` });
      answers.push(
        post(entryOf(sender), '/api/message.php?domain=localhost', { cookie: members[sender]!.cookie }, body, SEND_TIMEOUT_MS).then(
          (answer) => {
            record.answeredAt = performance.now();
            // TIMED_OUT: an overloaded server, whose figure is the latency (the send may still be stored and delivered).
            record.status = answer.status;
            if (answer.status !== 200 && answer.status !== TIMED_OUT) errorSample ||= `${answer.status} ${answer.body.slice(0, 200)}`;
          },
          (err: unknown) => {
            record.answeredAt = performance.now();
            record.status = -1;
            errorSample ||= String(err);
          },
        ),
      );
    };
    const cpuBefore = await Promise.all(servers.map((server) => scrape(server, tools.metricsToken)));
    const databaseName =
      tools.databaseUrl && ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(tools.databaseUrl).hostname)
        ? new URL(tools.databaseUrl).pathname.slice(1)
        : undefined;
    const databaseSampler = sampleDatabase(servers, tools.metricsToken, databaseName);
    const t0 = performance.now() + 20;
    await new Promise<void>((resolve) => {
      let k = 0;
      const tick = () => {
        const now = performance.now();
        while (k < total && t0 + k * interval <= now) fire(k++);
        if (k >= total) return resolve();
        setTimeout(tick, Math.max(0, t0 + k * interval - performance.now()));
      };
      tick();
    });
    await Promise.all(answers);
    const ok = () => sent.filter((record) => record.status === 200);
    const deadline = performance.now() + DRAIN_MS;
    while (performance.now() < deadline && ok().some((record) => record.frames === 0))
      await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, LATE_DOUBLES_MS));
    // Sends that timed out here may still be running there: let the servers finish them before they stop.
    if (sent.some((record) => record.status === TIMED_OUT)) await untilSendsSettle(servers, tools.metricsToken);
    const { poolWaiting, databaseCpuSeconds } = await databaseSampler.stop();
    const after = await Promise.all(servers.map((server) => scrape(server, tools.metricsToken)));
    const scrapedSeconds = (performance.now() - t0) / 1000;
    const load = os.loadavg();

    // Timed: the messages after the warm-up.
    const timed = sent.slice(warmup);
    const firstStart = timed[0]!.start;
    const lastStart = timed[timed.length - 1]!.start;
    // A timed message whose frame never came (its send timed out, or it was lost) counts as endless.
    const latencies = timed.map((record) => (record.frames > 0 ? record.frameAt - record.start : Infinity)).sort((a, b) => a - b);
    const span = (lastStart - firstStart) / 1000 + 1 / CHAT_RATE;
    const achieved = timed.length / span;
    const delivered = timed.filter((record) => record.frames > 0).length / span;
    const answerTimes = timed.map((record) => (record.status > 0 ? record.answeredAt - record.start : Infinity)).sort((a, b) => a - b);
    const p99 = percentile(latencies, 0.99);
    const applies = onPostgres;
    const rateOk = achieved >= CHAT_RATE * MIN_RATE_SHARE;
    const targetOk = p99 <= layout.targetP99Ms && rateOk;
    if (applies && !targetOk) failed = true;
    console.log(
      `${applies ? (targetOk ? 'ok  ' : 'FAIL') : 'info'} chat delivery, ${layout.name}: send to the partner's socket p50 ${ms(percentile(latencies, 0.5))}, ` +
        `p95 ${ms(percentile(latencies, 0.95))}, p99 ${ms(p99)} (target p99 <= ${layout.targetP99Ms} ms${applies ? '' : ' on PostgreSQL; the embedded database reports only'}), ` +
        `max ${ms(latencies.filter(Number.isFinite).pop() ?? NaN)}; ${achieved.toFixed(1)} messages/s sent (target ${n(CHAT_RATE)}${rateOk ? '' : ': the generator fell behind'}), ` +
        `${delivered.toFixed(1)}/s delivered, over ${n(timed.length)} timed messages; the send call's answer p50 ${ms(percentile(answerTimes, 0.5), 'no answer')}, ` +
        `p99 ${ms(percentile(answerTimes, 0.99), 'no answer')}`,
    );

    // Where in the run the slow ones were: a backlog left by the start drains in the first
    // windows, a steady overload grows through all of them.
    const windows: string[] = [];
    for (let from = 0; from < span; from += LATENCY_WINDOW_SECONDS) {
      const inWindow = timed
        .filter((record) => record.start >= firstStart + from * 1000 && record.start < firstStart + (from + LATENCY_WINDOW_SECONDS) * 1000)
        .map((record) => (record.frames > 0 ? record.frameAt - record.start : Infinity))
        .sort((a, b) => a - b);
      if (inWindow.length > 0) windows.push(ms(percentile(inWindow, 0.99)));
    }
    console.log(`info chat delivery, ${layout.name}: p99 by ${LATENCY_WINDOW_SECONDS} s of the timed run: ${windows.join(', ')}`);

    // Exactness, over every message (warm-up too).
    const answered = ok();
    answeredCount = answered.length;
    sentCount = sent.length;
    const lost = answered.filter((record) => record.frames === 0).length;
    const doubled = sent.filter((record) => record.frames > 1).length;
    const timedOut = sent.filter((record) => record.status === TIMED_OUT).length;
    const sendErrors = sent.length - answered.length - timedOut;
    // Order: of two messages of one sender, the later one was sent after the earlier one was
    // answered (one after another, as a person writes), so it must arrive after it and have the
    // larger id. Sends that overlapped (a send slower than the member's interval) have no order to keep.
    let outOfOrder = 0;
    let overlapping = 0;
    const previous = new Int32Array(count).fill(-1);
    for (let k = 0; k < sent.length; k++) {
      const sender = senderOf(k);
      const prior = previous[sender]!;
      previous[sender] = k;
      const a = sent[prior];
      const b = sent[k]!;
      if (!a || a.frames === 0 || b.frames === 0) continue;
      if (b.start < a.answeredAt) overlapping++;
      else if (b.arrival < a.arrival || b.id < a.id) outOfOrder++;
    }
    const exactOk = lost === 0 && doubled === 0 && outOfOrder === 0 && misdelivered === 0 && sendErrors === 0 && closedByServer === 0;
    console.log(
      `${exactOk ? 'ok  ' : 'FAIL'} chat delivery exactness, ${layout.name}: ${n(sent.length)} sent, ${n(sent.filter((record) => record.frames > 0).length)} arrived at the partner's socket; ` +
        `lost ${lost}, doubled ${doubled}, out of order ${outOfOrder}, at a wrong socket ${misdelivered}, send errors ${sendErrors}` +
        `${errorSample ? ` (first: ${errorSample})` : ''}, sockets closed by the server ${closedByServer} (target 0 each)` +
        `${timedOut ? `; ${n(timedOut)} sends had no answer within ${SEND_TIMEOUT_MS / 1000} s (an overloaded server: counted in the latency)` : ''}` +
        `${overlapping ? `; ${overlapping} sends began before the member's previous one was answered (no order to check)` : ''}` +
        `${strangers ? `; ${strangers} frames of other messages` : ''}`,
    );
    failed ||= !exactOk;

    const cpu = servers.map(
      (_, p) => (metric(after[p]!, 'process_cpu_seconds_total') - metric(cpuBefore[p]!, 'process_cpu_seconds_total')) / scrapedSeconds,
    );
    const sendSeconds = after.reduce((sum, text, p) => {
      const route = 'route="/api/message.php"';
      return (
        sum + metric(text, 'http_request_duration_seconds_sum', route) - metric(cpuBefore[p]!, 'http_request_duration_seconds_sum', route)
      );
    }, 0);
    const sendCount = after.reduce((sum, text, p) => {
      const route = 'route="/api/message.php"';
      return (
        sum +
        metric(text, 'http_request_duration_seconds_count', route) -
        metric(cpuBefore[p]!, 'http_request_duration_seconds_count', route)
      );
    }, 0);
    console.log(
      `info chat delivery, ${layout.name}: memory per socket ${((rss(opened) - rss(before)) / count / 1024).toFixed(1)} KB resident ` +
        `(${servers.length === 1 ? 'the server' : 'the servers together'} ${(rss(before) / 2 ** 20).toFixed(0)} MB before the sockets, ${(rss(opened) / 2 ** 20).toFixed(0)} MB after), ` +
        `${((heap(opened) - heap(before)) / count / 1024).toFixed(1)} KB of JS heap; ` +
        `server CPU ${cpu.map((share) => `${(share * 100).toFixed(0)}%`).join(' + ')} of a core ` +
        `(${ms((cpu.reduce((sum, share) => sum + share, 0) * scrapedSeconds * 1000) / sent.length)} per message), event loop lag p99 ` +
        `${after.map((text) => ms(metric(text, 'nodejs_eventloop_lag_p99_seconds') * 1000)).join(', ')}, ` +
        `the send call answered in ${ms((sendSeconds / Math.max(1, sendCount)) * 1000)} on average (server side), ` +
        `at most ${poolWaiting.join(', ')} requests waiting for a database connection` +
        `${databaseCpuSeconds === null ? '' : `, PostgreSQL's backends ${((databaseCpuSeconds / scrapedSeconds) * 100).toFixed(0)}% of a core (${ms((databaseCpuSeconds * 1000) / sent.length)} per message)`}; load average ${load.map((l) => l.toFixed(2)).join(' ')}`,
    );
  } finally {
    closing = true;
    for (const ws of sockets) ws?.terminate();
    front?.agent.destroy();
    await stopNginx?.();
    await stopServers(servers);
  }

  // Stored exactly once: every message answered 200 is one row (the texts are unique), and no
  // other; a send without an answer (a timeout) may or may not have been stored, once.
  const database = await open();
  try {
    const stored = await storedChatMessages(database.db, bench.conversationIds, tag);
    const unanswered = sentCount - answeredCount;
    const storedOk = stored.distinct === stored.rows && stored.rows >= answeredCount && stored.rows <= sentCount;
    failed ||= !storedOk;
    console.log(
      `${storedOk ? 'ok  ' : 'FAIL'} chat delivery stored, ${layout.name}: ${n(stored.rows)} messages in the pairs' conversations (${n(stored.distinct)} distinct) ` +
        `for ${n(answeredCount)} sends answered 200${unanswered ? ` and ${n(unanswered)} without that answer` : ''}`,
    );
  } finally {
    await database.close();
  }
  return !failed;
}

/** Seeds the members, runs the layouts the database allows, and answers whether every target and check held. */
export async function chatDeliveryBench(tools: ChatTools): Promise<boolean> {
  const onPostgres = !!tools.databaseUrl;
  if (!Number.isInteger(CHAT_SOCKETS) || CHAT_SOCKETS < 2 || CHAT_SOCKETS % 2 !== 0)
    throw new Error(`BENCH_SOCKETS must be an even number of at least 2, got ${CHAT_SOCKETS}`);
  if (!(CHAT_RATE > 0) || !(CHAT_SECONDS > 0)) throw new Error('BENCH_CHAT_RATE and BENCH_CHAT_SECONDS must be positive');
  // Each member sends every CHAT_SOCKETS / CHAT_RATE seconds; the route refuses more than MESSAGE_BURST_PER_MINUTE a minute.
  const perMinute = Math.ceil((60 * CHAT_RATE) / CHAT_SOCKETS);
  if (perMinute > MESSAGE_BURST_PER_MINUTE) {
    throw new Error(
      `chat bench: ${CHAT_RATE} messages/s from ${CHAT_SOCKETS} members is ${perMinute} a minute each, above the send limit of ${MESSAGE_BURST_PER_MINUTE} ` +
        `(MESSAGE_BURST_PER_MINUTE): raise BENCH_SOCKETS or lower BENCH_CHAT_RATE (at most ${Math.floor((CHAT_SOCKETS * MESSAGE_BURST_PER_MINUTE) / 60)}/s for ${CHAT_SOCKETS})`,
    );
  }
  console.log(`\n${CHAT_CASE.name} (${onPostgres ? 'PostgreSQL' : 'the embedded database'})`);
  const pgliteDir = onPostgres ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-bench-chat-'));
  const open = () =>
    openDatabase(onPostgres ? { kind: 'postgres', url: tools.databaseUrl!, poolSize: 2 } : { kind: 'pglite', dataDir: pgliteDir! });
  let bench: ChatBench | undefined;
  try {
    const seeding = performance.now();
    const database = await open();
    try {
      await database.migrate();
      bench = await seedChatBench(database.db, { count: CHAT_SOCKETS, postgres: onPostgres });
    } finally {
      await database.close();
    }
    console.log(
      `Chat bench data: ${n(CHAT_SOCKETS)} members in ${n(CHAT_SOCKETS / 2)} pairs, a conversation and a session each, credits through the ledger ` +
        `(${((performance.now() - seeding) / 1000).toFixed(1)} s)`,
    );

    const run = randomBytes(6).toString('hex');
    // A key prefix of its own for each layout: fresh send counters (PostgreSQL or Redis), whatever ran this minute.
    const one: Layout = {
      name: 'one process',
      processes: 1,
      targetP99Ms: 50,
      env: () => ({ REDIS_URL: '', REDIS_KEY_PREFIX: `cupido-bench-chat:${run}:1:rl:` }),
    };
    const three: Layout = {
      name: 'three processes through nginx and Redis',
      processes: 3,
      targetP99Ms: 80,
      throughNginx: true,
      env: (i) => ({
        // nginx on this machine is the proxy, as in deploy/.
        TRUST_PROXY: 'loopback',
        REDIS_URL,
        REDIS_KEY_PREFIX: `cupido-bench-chat:${run}:3:rl:`,
        REDIS_CHANNEL_PREFIX: `cupido-bench-chat:${run}:3:`,
        // One worker (jobs and schedules), two that only serve, as deployed.
        WORKER: i === 0 ? '1' : '0',
      }),
    };
    // BENCH_CHAT_PROCESSES=1 or 3 runs that layout alone (both by default).
    const only = process.env.BENCH_CHAT_PROCESSES?.trim();
    if (only && only !== '1' && only !== '3') throw new Error(`BENCH_CHAT_PROCESSES must be 1 or 3, got ${only}`);
    let ok = only === '3' ? true : await runLayout(tools, bench, one, open, pgliteDir);
    if (only === '1') {
      // The three-process layout was not asked for.
    } else if (!onPostgres) {
      console.log(
        'info chat delivery, three processes through nginx and Redis: skipped on the embedded database (PGlite is one process); set BENCH_DATABASE_URL to run it',
      );
    } else if (!fs.existsSync(nginxBinary())) {
      console.log(
        `FAIL chat delivery, three processes through nginx and Redis: no nginx at ${nginxBinary()} (apt-get install nginx, or NGINX_PATH)`,
      );
      ok = false;
    } else if (!(await redisAnswers(REDIS_URL))) {
      console.log(`FAIL chat delivery, three processes through nginx and Redis: no Redis answers at ${REDIS_URL} (BENCH_REDIS_URL)`);
      ok = false;
    } else {
      ok = (await runLayout(tools, bench, three, open, pgliteDir)) && ok;
    }
    return ok;
  } finally {
    // No later bench or notification scan should find these messages.
    if (bench && onPostgres) {
      const database = await open();
      await clearChatBench(database.db, bench.conversationIds).finally(() => database.close());
    }
    if (pgliteDir) fs.rmSync(pgliteDir, { recursive: true, force: true });
  }
}
