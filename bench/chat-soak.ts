/**
 * The chat soak test with faults (issue 32): `npm run bench:soak`. PostgreSQL (BENCH_DATABASE_URL)
 * and Redis (REDIS_URL, default redis://127.0.0.1:6379) are required.
 *
 * - BENCH_SOAK_PAIRS pairs of real members (default 200; seed-chat.ts: active accounts, sessions,
 *   credits through the ledger, one conversation per pair);
 * - three server processes on the same database and Redis (the first WORKER=1, two WORKER=0), each
 *   on 127.0.0.1 with its own port, a shared DATA_DIR and a key and channel prefix of this run;
 * - every member holds a live socket to one of them and sends its share of BENCH_SOAK_MESSAGES
 *   (default 10,000) to its partner through POST /api/message.php, one after the other as the
 *   app's outbox does, each with a client id; a send whose process went away (no answer, 5xx) is
 *   tried again with the SAME client id against another process. Sends are paced under the
 *   route's MESSAGE_BURST_PER_MINUTE. Now and then a member reads its conversation
 *   (POST /api/chat-read.php up to the partner's newest message it holds);
 * - meanwhile 10% of the sockets are killed at random (each reconnecting after a short pause to
 *   any process) and one WORKER=0 process is restarted mid-run (SIGTERM, wait for its exit, start
 *   it again on the same port): its members' sockets close and reconnect elsewhere;
 * - a client that reconnects resyncs as the web app does (use-conversation.ts: on the new socket's
 *   hello, GET /api/chat.php?conversation=&after=<newest message id it holds> page by page while
 *   has_newer, chat-calls.ts fetchMissedMessages).
 *
 * Afterwards, and exit 1 on any failure: every acknowledged message is stored exactly once in its
 * conversation, as the answer said, in the order its sender sent them, and nothing else is; each
 * member received each of its partner's messages exactly once over socket frames, or else in a
 * resync (none missing, no frame twice, no resync gap); every member's unread count (GET
 * /api/chats.php) agrees with the messages and the reads it posted; every balance equals the sum
 * of its ledger entries (as ledger-check.ts compares them), the opening balance minus the
 * messages' price, and the last send answer; one ledger entry per stored message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { MESSAGE_BURST_PER_MINUTE } from '@cupido/shared/rules/chats';
import { LIVE_PATH } from '@cupido/shared/rules/live-frames';
import { openDatabase } from '../apps/server/src/db/open';
import { users } from '../apps/server/src/db/schema';
import { clearChatBench, seedChatBench } from './seed-chat';

const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PAIRS = Number(process.env.BENCH_SOAK_PAIRS ?? 200);
const MESSAGES = Number(process.env.BENCH_SOAK_MESSAGES ?? 10_000);
const PROCESSES = 3;
/** The process restarted mid-run: a WORKER=0 one. */
const RESTARTED = 1;
const KILL_SHARE = 0.1;
/** Sends per member in any 60 s, below the route's limit (every attempt counts there, retries too). */
const SENDS_PER_MINUTE = MESSAGE_BURST_PER_MINUTE - 2;
const SEND_INTERVAL_MS = Math.ceil(60_000 / SENDS_PER_MINUTE) + 50;
const SEND_TIMEOUT_MS = 15_000;
/** A member reads its conversation after about one in this many of its own sends. */
const READ_EVERY = 4;
const DRAIN_MS = 20_000;
/**
 * Where a resync continues: 'app' (default) after the newest message the server's pages covered
 * (use-conversation.ts's syncedUpTo: a page holds every message up to its newest, while an own
 * send's answer or a frame after a gap does not); 'newest' after the newest message the client
 * holds, own ones included (the app's cursor before that fix: it skipped a partner's message
 * sent while the socket was down, before the member's own newer one); 'partner' after the newest
 * of the partner's messages it holds.
 */
const RESYNC_AFTER = (['newest', 'partner'] as const).find((mode) => process.env.BENCH_SOAK_RESYNC_AFTER === mode) ?? 'app';
const LATE_DOUBLES_MS = 1_500;

const n = (value: number) => Math.round(value).toLocaleString('en');
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);

if (!DATABASE_URL) {
  console.error(
    'bench:soak needs PostgreSQL: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/cupido_bench_soak; ' +
      '`node scripts/ci-database.mjs create cupido_bench_soak` makes one). Three processes cannot share the embedded database.',
  );
  process.exit(2);
}
if (!Number.isInteger(PAIRS) || PAIRS < 1) throw new Error(`BENCH_SOAK_PAIRS must be a positive integer, got ${PAIRS}`);
if (!Number.isInteger(MESSAGES) || MESSAGES < 1) throw new Error(`BENCH_SOAK_MESSAGES must be a positive integer, got ${MESSAGES}`);

interface ChatMessageJson {
  id: number;
  conversation: { id: number };
  client_id: string | null;
  from_me: boolean;
  text: string | null;
}

// ---------------------------------------------------------------------------------------------
// The server processes.

interface Proc {
  index: number;
  port: number;
  base: string;
  child: ChildProcess | null;
  /** Taking requests and sockets (false from SIGTERM until it answers again). */
  up: boolean;
}

const repoRoot = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-bench-soak-'));
const run = randomBytes(6).toString('hex');
const procs: Proc[] = [];

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as import('node:net').AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function startProcess(proc: Proc): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(proc.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: DATABASE_URL!,
      REDIS_URL,
      REDIS_KEY_PREFIX: `cupido-bench-soak:${run}:rl:`,
      REDIS_CHANNEL_PREFIX: `cupido-bench-soak:${run}:`,
      SEED_DEMO: '0',
      SMTP_URL: '',
      LOG_LEVEL: process.env.BENCH_SOAK_LOG_LEVEL || 'warn',
      WORKER: proc.index === 0 ? '1' : '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  proc.child = child;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`soak: process ${proc.index + 1} exited with ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${proc.base}/api/health`)).ok) {
        proc.up = true;
        return;
      }
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  child.kill('SIGTERM');
  throw new Error(`soak: process ${proc.index + 1} did not start within 120 s`);
}

/** SIGTERM, and resolves with the exit code once the process is gone. */
async function stopProcess(proc: Proc): Promise<number | null> {
  proc.up = false;
  const child = proc.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

// ---------------------------------------------------------------------------------------------
// The members.

interface Member {
  index: number;
  userId: number;
  profileId: number;
  cookie: string;
  conversationId: number;
  partner: number;
  /** How many messages this member sends. */
  quota: number;
  ws: WebSocket | null;
  proc: number;
  /** A socket of this member said hello before: the next hello is a reconnect. */
  connectedBefore: boolean;
  /** Every message id the client holds (both sides), as the app's conversation state. */
  newestHeld: number;
  /** The newest message the server's pages covered: everything up to it is held (use-conversation.ts's syncedUpTo). */
  syncedUpTo: number;
  /** The partner's messages: id -> frames received (sockets). */
  frames: Map<number, number>;
  /** The partner's messages brought by a resync that no frame had brought before it. */
  resynced: Set<number>;
  /** Messages a resync returned that the client held already (the app merges them by id). */
  resyncOverlap: number;
  /** A resync answered a message at or before its `after`, or twice, or not in id order. */
  resyncDisorder: number;
  /** Partner frames out of the order the partner sent them (within one socket). */
  framesOutOfOrder: number;
  lastFrameSeq: number;
  /** Frames of a message in another conversation or of another member's text. */
  strangers: number;
  reconnects: number;
  resyncs: number;
  /** Each resync's `after` and the newest partner message the client held then. */
  resyncLog: { after: number; partnerHeld: number }[];
  killed: boolean;
  /** The answers of this member's sends: seq -> stored message id. */
  sentIds: number[];
  clientIds: string[];
  lastCredits: number | null;
  /** The highest up_to of a read this member posted and got 200 for. */
  readUpTo: number;
  /** When the member's attempts started (its own pacing under the route's limit). */
  attempts: number[];
  sendRetries: number;
  /** Each send's attempts: process, seconds since the start of the sends, status (-1: no answer). */
  sendLog: { proc: number; at: number; status: number }[][];
  rateLimited: number;
  sendFailures: string[];
  /** The socket was closed by us (a kill) or by the end of the run: no reconnect from its close handler. */
  closingOnPurpose: boolean;
}

function parseText(tag: string, text: string | null): { member: number; seq: number } | null {
  if (!text?.startsWith(tag)) return null;
  const [member, seq] = text.slice(tag.length).split(':').map(Number);
  return Number.isInteger(member) && Number.isInteger(seq) ? { member: member!, seq: seq! } : null;
}

async function main(): Promise<boolean> {
  const started = performance.now();
  const count = PAIRS * 2;
  console.log(
    `Chat soak: ${n(PAIRS)} pairs, ${n(MESSAGES)} messages, three processes on PostgreSQL and Redis (${REDIS_URL}); ` +
      `${Math.round(KILL_SHARE * 100)}% of the sockets killed, process ${RESTARTED + 1} restarted mid-run; resyncs after ${RESYNC_AFTER === 'app' ? "the newest message the server's pages covered (as the web app)" : RESYNC_AFTER === 'newest' ? 'the newest message held' : "the newest partner's message held"}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const open = () => openDatabase({ kind: 'postgres', url: DATABASE_URL!, poolSize: 2 });
  const database = await open();
  await database.migrate();
  const bench = await seedChatBench(database.db, { count, postgres: true });
  const userIds = bench.members.map((m) => m.userId);
  const opening = new Map(
    (await database.db.select({ id: users.id, credits: users.credits }).from(users).where(inArray(users.id, userIds))).map((r) => [
      r.id,
      r.credits,
    ]),
  );
  console.log(
    `Seeded ${n(count)} members in ${n(PAIRS)} pairs (credits through the ledger) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const tag = `soak-${run} `;
  const members: Member[] = bench.members.map((m, i) => ({
    index: i,
    userId: m.userId,
    profileId: m.profileId,
    cookie: m.cookie,
    conversationId: bench.conversationIds[i >> 1]!,
    partner: i ^ 1,
    quota: Math.floor(MESSAGES / count) + (i < MESSAGES % count ? 1 : 0),
    ws: null,
    proc: i % PROCESSES,
    connectedBefore: false,
    newestHeld: 0,
    syncedUpTo: 0,
    frames: new Map(),
    resynced: new Set(),
    resyncOverlap: 0,
    resyncDisorder: 0,
    framesOutOfOrder: 0,
    lastFrameSeq: -1,
    strangers: 0,
    reconnects: 0,
    resyncs: 0,
    resyncLog: [],
    killed: false,
    sentIds: [],
    clientIds: [],
    lastCredits: null,
    readUpTo: 0,
    attempts: [],
    sendRetries: 0,
    sendLog: [],
    rateLimited: 0,
    sendFailures: [],
    closingOnPurpose: false,
  }));

  for (let i = 0; i < PROCESSES; i++) procs.push({ index: i, port: await freePort(), base: '', child: null, up: false });
  for (const proc of procs) proc.base = `http://127.0.0.1:${proc.port}`;
  // The first alone (it migrates and the worker starts), then the two others together.
  await startProcess(procs[0]!);
  await Promise.all(procs.slice(1).map(startProcess));
  console.log(`Three processes up on ports ${procs.map((p) => p.port).join(', ')} (process 1 WORKER=1, processes 2 and 3 WORKER=0)`);

  let ending = false;
  let socketsClosedByServer = 0;
  let goingAwayCloses = 0;
  let failedConnects = 0;
  const upProcs = () => procs.filter((p) => p.up);
  const anyUp = (not?: number) => {
    const choices = upProcs().filter((p) => p.index !== not);
    const list = choices.length > 0 ? choices : upProcs();
    return list[Math.floor(Math.random() * list.length)]?.index ?? 0;
  };

  const onFrame = (member: Member, text: string) => {
    let frame: { type: string; message?: ChatMessageJson; last_message_id?: number };
    try {
      frame = JSON.parse(text) as typeof frame;
    } catch {
      return;
    }
    if (frame.type === 'hello') {
      if (member.connectedBefore || (frame.last_message_id ?? 0) > member.newestHeld) {
        if (member.connectedBefore) member.reconnects++;
        void resync(member);
      }
      member.connectedBefore = true;
      return;
    }
    if (frame.type !== 'message' || !frame.message) return;
    const message = frame.message;
    if (message.conversation.id !== member.conversationId) return void member.strangers++;
    member.newestHeld = Math.max(member.newestHeld, message.id);
    if (message.from_me) return;
    const parsed = parseText(tag, message.text);
    if (!parsed || parsed.member !== member.partner) return void member.strangers++;
    member.frames.set(message.id, (member.frames.get(message.id) ?? 0) + 1);
    if (parsed.seq <= member.lastFrameSeq) member.framesOutOfOrder++;
    member.lastFrameSeq = Math.max(member.lastFrameSeq, parsed.seq);
  };

  // As use-conversation.ts: one resync at a time; asked again while running, once more after.
  const resyncing = new Map<number, Promise<void>>();
  const resyncAgain = new Set<number>();
  const resync = (member: Member): Promise<void> => {
    const running = resyncing.get(member.index);
    if (running) {
      resyncAgain.add(member.index);
      return running;
    }
    const go = async () => {
      do {
        resyncAgain.delete(member.index);
        member.resyncs++;
        // Where this round starts: a failed page is asked again from the same position (frames arriving meanwhile move newestHeld).
        const partnerHeld = Math.max(0, ...member.frames.keys(), ...member.resynced);
        const from = RESYNC_AFTER === 'app' ? member.syncedUpTo : RESYNC_AFTER === 'newest' ? member.newestHeld : partnerHeld;
        member.resyncLog.push({ after: from, partnerHeld });
        for (let attempt = 0; attempt < 10; attempt++) {
          try {
            await fetchMissed(member, from);
            break;
          } catch {
            await sleep(300);
          }
        }
      } while (resyncAgain.has(member.index));
    };
    const promise = go().finally(() => resyncing.delete(member.index));
    resyncing.set(member.index, promise);
    return promise;
  };

  /** chat-calls.ts fetchMissedMessages: after the newest message held, page by page while has_newer. */
  const fetchMissed = async (member: Member, from: number) => {
    let after = from;
    const seen = new Set<number>();
    for (;;) {
      const proc = member.ws && procs[member.proc]!.up ? member.proc : anyUp();
      const response = await fetch(
        `${procs[proc]!.base}/api/chat.php?domain=localhost&conversation=${member.conversationId}&after=${after}`,
        {
          headers: { cookie: member.cookie },
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        },
      );
      if (response.status !== 200) throw new Error(`resync answered ${response.status}`);
      const answer = (await response.json()) as { messages: ChatMessageJson[]; has_newer: boolean };
      let previous = after;
      for (const message of answer.messages) {
        if (message.id <= previous || seen.has(message.id)) member.resyncDisorder++;
        previous = Math.max(previous, message.id);
        seen.add(message.id);
        if (message.from_me) continue;
        if (member.frames.has(message.id) || member.resynced.has(message.id)) member.resyncOverlap++;
        else member.resynced.add(message.id);
      }
      const newest = answer.messages.at(-1)?.id ?? after;
      member.newestHeld = Math.max(member.newestHeld, newest);
      member.syncedUpTo = Math.max(member.syncedUpTo, newest);
      if (!answer.has_newer || newest <= after) return;
      after = newest;
    }
  };

  const connect = async (member: Member, proc: number): Promise<void> => {
    for (;;) {
      if (ending) return;
      if (!procs[proc]!.up) proc = anyUp();
      try {
        await openSocket(member, proc);
        return;
      } catch {
        failedConnects++;
        await sleep(between(200, 600));
        proc = anyUp(proc);
      }
    }
  };

  const openSocket = (member: Member, proc: number) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(`${procs[proc]!.base.replace(/^http/, 'ws')}${LIVE_PATH}?domain=localhost`, {
        headers: { cookie: member.cookie },
      });
      let ready = false;
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('no hello within 20 s'));
      }, 20_000);
      ws.on('message', (data) => {
        const text = data.toString();
        if (!ready && text.startsWith('{"type":"hello"')) {
          ready = true;
          clearTimeout(timer);
          member.ws = ws;
          member.proc = proc;
          member.closingOnPurpose = false;
          resolve();
        }
        if (ready) onFrame(member, text);
      });
      ws.on('error', () => undefined);
      ws.on('close', (code) => {
        clearTimeout(timer);
        if (!ready) return reject(new Error(`closed before its hello: ${code}`));
        if (member.ws === ws) member.ws = null;
        if (member.closingOnPurpose || ending) return;
        // The server closed it (a restart: going away): the app reconnects after a short pause, to any process.
        socketsClosedByServer++;
        if (code === 1001) goingAwayCloses++;
        void sleep(between(300, 1_500)).then(() => connect(member, anyUp(proc)));
      });
    });

  const opening0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < members.length) {
        const member = members[next++]!;
        await connect(member, member.proc);
      }
    }),
  );
  console.log(`${n(count)} sockets open in ${((performance.now() - opening0) / 1000).toFixed(1)} s`);

  // The sends.
  const send = async (member: Member, seq: number) => {
    const clientId = randomUUID();
    member.clientIds[seq] = clientId;
    const body = JSON.stringify({
      profile_id: members[member.partner]!.profileId,
      client_id: clientId,
      text: `${tag}${member.index}:${seq}`,
    });
    let proc = member.ws && procs[member.proc]!.up ? member.proc : anyUp();
    const log: Member['sendLog'][number] = (member.sendLog[seq] = []);
    for (let attempt = 0; ; attempt++) {
      // The member's own pacing: no more than SENDS_PER_MINUTE attempts in any 60 s.
      for (;;) {
        const now = Date.now();
        member.attempts = member.attempts.filter((at) => at > now - 61_000);
        if (member.attempts.length < SENDS_PER_MINUTE) break;
        await sleep(member.attempts[0]! + 61_000 - now + 10);
      }
      member.attempts.push(Date.now());
      if (attempt > 0) member.sendRetries++;
      let status = -1;
      let text = '';
      const entry = { proc: proc + 1, at: Math.round((Date.now() - t0) / 100) / 10, status };
      log.push(entry);
      try {
        const response = await fetch(`${procs[proc]!.base}/api/message.php?domain=localhost`, {
          method: 'POST',
          headers: { cookie: member.cookie, 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        status = response.status;
        entry.status = status;
        text = await response.text();
      } catch (err) {
        text = String(err);
      }
      if (status === 200) {
        const answer = JSON.parse(text) as { message: ChatMessageJson; credits: number };
        member.sentIds[seq] = answer.message.id;
        member.lastCredits = answer.credits;
        // The app's conversation takes the stored message (outbox onStored): its id counts for the next resync.
        member.newestHeld = Math.max(member.newestHeld, answer.message.id);
        return;
      }
      if (status === 429) {
        member.rateLimited++;
        await sleep(5_000);
        continue;
      }
      if (status !== -1 && status < 500 && status !== 408) {
        member.sendFailures.push(`${status} ${text.slice(0, 200)}`);
        return;
      }
      if (attempt >= 30) {
        member.sendFailures.push(`gave up after ${attempt + 1} tries: ${status} ${text.slice(0, 200)}`);
        return;
      }
      // No answer or a server error: the same client id again, to another process (the outbox retries the same way).
      await sleep(between(100, 400));
      proc = anyUp(proc);
    }
  };

  const readUp = async (member: Member) => {
    let upTo = 0;
    for (const id of member.frames.keys()) upTo = Math.max(upTo, id);
    for (const id of member.resynced) upTo = Math.max(upTo, id);
    if (upTo <= member.readUpTo) return;
    try {
      const proc = member.ws && procs[member.proc]!.up ? member.proc : anyUp();
      const response = await fetch(`${procs[proc]!.base}/api/chat-read.php?domain=localhost`, {
        method: 'POST',
        headers: { cookie: member.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ conversation: member.conversationId, up_to: upTo }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.text();
      if (response.status === 200) member.readUpTo = Math.max(member.readUpTo, upTo);
    } catch {
      // A read that got no answer may or may not have been stored: it is not counted (unread is checked against the database's read position too).
    }
  };

  const perMember = Math.max(...members.map((m) => m.quota));
  const plannedMs = perMember * SEND_INTERVAL_MS;
  const t0 = Date.now() + 200;
  console.log(
    `Sending: each member ${perMember === members[count - 1]!.quota ? n(perMember) : `${n(members[count - 1]!.quota)}-${n(perMember)}`} messages, one every ${(SEND_INTERVAL_MS / 1000).toFixed(2)} s (about ${(plannedMs / 1000).toFixed(0)} s)`,
  );

  // Faults: the kills at random times in 10-80% of the run, the restart at 40%.
  const victims = [...members].sort(() => Math.random() - 0.5).slice(0, Math.round(KILL_SHARE * count));
  let killed = 0;
  const kills = victims.map(async (member) => {
    await sleep(Math.max(0, t0 + between(0.1, 0.8) * plannedMs - Date.now()));
    while (!member.ws && !ending) await sleep(200);
    if (ending || !member.ws) return;
    member.closingOnPurpose = true;
    member.killed = true;
    member.ws.terminate();
    member.ws = null;
    killed++;
    await sleep(between(300, 2_000));
    await connect(member, anyUp());
  });
  const restart = { at: 0, exitCode: null as number | null, stopMs: 0, downMs: 0, sockets: 0 };
  const restarting = (async () => {
    await sleep(Math.max(0, t0 + 0.4 * plannedMs - Date.now()));
    const proc = procs[RESTARTED]!;
    restart.sockets = members.filter((m) => m.ws && m.proc === RESTARTED).length;
    restart.at = (Date.now() - t0) / 1000;
    const down = performance.now();
    restart.exitCode = await stopProcess(proc);
    restart.stopMs = performance.now() - down;
    await startProcess(proc);
    restart.downMs = performance.now() - down;
    console.log(
      `Process ${RESTARTED + 1} restarted at ${restart.at.toFixed(1)} s: SIGTERM with ${restart.sockets} sockets, exit code ${restart.exitCode} after ${(restart.stopMs / 1000).toFixed(1)} s, serving again after ${(restart.downMs / 1000).toFixed(1)} s`,
    );
  })();

  const senders = members.map(async (member) => {
    const offset = Math.random() * SEND_INTERVAL_MS;
    for (let seq = 0; seq < member.quota; seq++) {
      await sleep(Math.max(0, t0 + offset + seq * SEND_INTERVAL_MS - Date.now()));
      await send(member, seq);
      if (seq % READ_EVERY === READ_EVERY - 1) await readUp(member);
    }
  });
  await Promise.all([...senders, restarting, ...kills]);
  const sendSeconds = (Date.now() - t0) / 1000;
  console.log(`All sends answered in ${sendSeconds.toFixed(1)} s; waiting for the last frames`);

  // Drain: every member holds each of its partner's acknowledged messages, or time is up.
  const expectedOf = (member: Member) => members[member.partner]!.sentIds.filter((id) => id !== undefined);
  const holds = (member: Member, id: number) => member.frames.has(id) || member.resynced.has(id);
  const deadline = Date.now() + DRAIN_MS;
  while (Date.now() < deadline && members.some((m) => !m.ws || resyncing.has(m.index) || expectedOf(m).some((id) => !holds(m, id))))
    await sleep(100);
  await sleep(LATE_DOUBLES_MS);
  const load = os.loadavg();

  // Unread counts through the API while the processes run.
  const apiUnread = new Map<number, number>();
  for (const member of members) {
    for (let attempt = 0; attempt < 5 && !apiUnread.has(member.index); attempt++) {
      try {
        const response = await fetch(`${procs[anyUp()]!.base}/api/chats.php?domain=localhost`, { headers: { cookie: member.cookie } });
        if (response.status === 200) apiUnread.set(member.index, ((await response.json()) as { unread_total: number }).unread_total);
      } catch {
        await sleep(200);
      }
    }
  }

  ending = true;
  for (const member of members) {
    member.closingOnPurpose = true;
    member.ws?.terminate();
  }
  const exitCodes = await Promise.all(procs.map(stopProcess));

  // ---------------------------------------------------------------------------------------------
  // The checks.
  const failures: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) failures.push(what);
    return ok;
  };
  const rows: [string, string, string][] = [];
  const row = (name: string, value: number | string, ok: boolean | null) =>
    rows.push([name, typeof value === 'number' ? n(value) : value, ok === null ? '' : ok ? 'ok' : 'FAIL']);

  const sendFailures = members.flatMap((m) => m.sendFailures);
  const acknowledged = members.reduce((sum, m) => sum + m.sentIds.filter((id) => id !== undefined).length, 0);
  row('messages to send', MESSAGES, null);
  row(
    'acknowledged (200)',
    acknowledged,
    check(
      acknowledged === MESSAGES,
      `${MESSAGES - acknowledged} sends not acknowledged${sendFailures[0] ? ` (first: ${sendFailures[0]})` : ''}`,
    ),
  );
  row(
    'send retries (same client id)',
    members.reduce((s, m) => s + m.sendRetries, 0),
    null,
  );
  row(
    'sends refused for the rate (429), retried',
    members.reduce((s, m) => s + m.rateLimited, 0),
    null,
  );

  // Stored: exactly once, as answered, in each sender's order, and nothing else with the tag.
  const { rows: stored } = (await database.db.execute(sql`
    select m.id::bigint as id, m.conversation_id, m.sender_profile_id, m.body, m.client_id from messages m
    where m.conversation_id = any(${sql.param(bench.conversationIds)}::int[]) order by m.id`)) as unknown as {
    rows: { id: string; conversation_id: number; sender_profile_id: number; body: string | null; client_id: string | null }[];
  };
  const byProfile = new Map(members.map((m) => [m.profileId, m]));
  const storedOf = new Map<string, number[]>();
  let strangerRows = 0;
  let wrongPlace = 0;
  let outOfOrderStored = 0;
  const lastSeqStored = new Map<number, number>();
  const partnerStored = new Map<number, number[]>();
  for (const r of stored) {
    const id = Number(r.id);
    const parsed = parseText(tag, r.body);
    const sender = byProfile.get(Number(r.sender_profile_id));
    if (!parsed || !sender || parsed.member !== sender.index) {
      strangerRows++;
      continue;
    }
    if (Number(r.conversation_id) !== sender.conversationId || r.client_id !== sender.clientIds[parsed.seq]) wrongPlace++;
    const key = `${parsed.member}:${parsed.seq}`;
    storedOf.set(key, [...(storedOf.get(key) ?? []), id]);
    if (parsed.seq <= (lastSeqStored.get(sender.index) ?? -1)) outOfOrderStored++;
    lastSeqStored.set(sender.index, Math.max(lastSeqStored.get(sender.index) ?? -1, parsed.seq));
    const receiver = sender.partner;
    partnerStored.set(receiver, [...(partnerStored.get(receiver) ?? []), id]);
  }
  let lostStored = 0;
  let doubledStored = 0;
  let notAsAnswered = 0;
  for (const member of members) {
    for (let seq = 0; seq < member.quota; seq++) {
      const ids = storedOf.get(`${member.index}:${seq}`) ?? [];
      if (member.sentIds[seq] === undefined) continue;
      if (ids.length === 0) lostStored++;
      if (ids.length > 1) doubledStored++;
      if (ids.length >= 1 && ids[0] !== member.sentIds[seq]) notAsAnswered++;
    }
  }
  const storedTagged = stored.length - strangerRows;
  row(
    'stored messages',
    storedTagged,
    check(storedTagged === acknowledged, `${n(storedTagged)} stored for ${n(acknowledged)} acknowledged`),
  );
  row('  lost (acknowledged, not stored)', lostStored, check(lostStored === 0, `${lostStored} acknowledged messages not stored`));
  row('  stored twice', doubledStored, check(doubledStored === 0, `${doubledStored} messages stored more than once`));
  row(
    "  not the answer's id / wrong conversation or client id",
    notAsAnswered + wrongPlace,
    check(notAsAnswered + wrongPlace === 0, `${notAsAnswered + wrongPlace} messages stored unlike their answer`),
  );
  row(
    "  out of the sender's order",
    outOfOrderStored,
    check(outOfOrderStored === 0, `${outOfOrderStored} messages stored out of their sender's order`),
  );
  row(
    '  other rows in the conversations',
    strangerRows,
    check(strangerRows === 0, `${strangerRows} other rows in the pairs' conversations`),
  );

  // Delivery: frames and resyncs.
  const reconnected = members.filter((m) => m.reconnects > 0);
  let missing = 0;
  let frameDoubles = 0;
  let viaFrames = 0;
  let viaResync = 0;
  let missingNotReconnected = 0;
  let missingBehindCursor = 0;
  let missingRetried = 0;
  const missingSamples: string[] = [];
  for (const member of members) {
    for (const id of partnerStored.get(member.index) ?? []) {
      const frames = member.frames.get(id) ?? 0;
      if (frames > 1) frameDoubles++;
      if (frames > 0) viaFrames++;
      else if (member.resynced.has(id)) viaResync++;
      else {
        missing++;
        if (member.reconnects === 0) missingNotReconnected++;
        const skipped = member.resyncLog.find((r) => r.partnerHeld < id && id <= r.after);
        if (skipped) missingBehindCursor++;
        const partner = members[member.partner]!;
        const seq = partner.sentIds.indexOf(id);
        const attempts = partner.sendLog[seq] ?? [];
        if (attempts.length > 1) missingRetried++;
        if (missingSamples.length < 8) {
          missingSamples.push(
            `member ${member.index} message ${id} (${skipped ? 'behind a resync cursor' : 'not behind a cursor'}; its send: ` +
              `${attempts.map((a) => `process ${a.proc} at ${a.at} s -> ${a.status}`).join(', ')}; ` +
              `resyncs after ${member.resyncLog.map((r) => `${r.after} [partner's newest held ${r.partnerHeld}]`).join(', ') || 'none'})`,
          );
        }
      }
    }
  }
  const strangers = members.reduce((s, m) => s + m.strangers, 0);
  const framesOutOfOrder = members.reduce((s, m) => s + m.framesOutOfOrder, 0);
  const resyncDisorder = members.reduce((s, m) => s + m.resyncDisorder, 0);
  row(
    'sockets killed (reconnect after 0.3-2 s)',
    killed,
    check(killed === victims.length, `${killed} of ${victims.length} sockets killed`),
  );
  row(
    `process ${RESTARTED + 1} restarted (sockets on it)`,
    `${restart.sockets} sockets, exit ${restart.exitCode} in ${(restart.stopMs / 1000).toFixed(1)} s, down ${(restart.downMs / 1000).toFixed(1)} s`,
    check(restart.exitCode === 0, `the restarted process exited with ${restart.exitCode}`),
  );
  row('sockets closed by the server (going away)', `${socketsClosedByServer} (${goingAwayCloses})`, null);
  row('failed connection attempts (retried)', failedConnects, null);
  row('clients that reconnected', reconnected.length, null);
  row(
    '  their resyncs (GET /api/chat.php?after=)',
    reconnected.reduce((s, m) => s + m.resyncs, 0),
    null,
  );
  row('  messages resynced (no frame brought them)', viaResync, null);
  row(
    '  resync answers already held (merged by id)',
    members.reduce((s, m) => s + m.resyncOverlap, 0),
    null,
  );
  row(
    '  resync answers out of order or before `after`',
    resyncDisorder,
    check(resyncDisorder === 0, `${resyncDisorder} resync answers out of order`),
  );
  row('delivered over socket frames', viaFrames, null);
  row(
    'missing at the partner (no frame, no resync)',
    missing,
    check(missing === 0, `${missing} messages never reached their partner${missingSamples.length ? `: ${missingSamples.join('; ')}` : ''}`),
  );
  row('  of which at clients that never reconnected', missingNotReconnected, null);
  row('  of which behind a resync cursor (a newer message held)', missingBehindCursor, null);
  row('  of which sent more than once (same client id)', missingRetried, null);
  row('frames received twice', frameDoubles, check(frameDoubles === 0, `${frameDoubles} messages framed twice to one member`));
  row("frames out of the sender's order", framesOutOfOrder, check(framesOutOfOrder === 0, `${framesOutOfOrder} frames out of order`));
  row('frames of other conversations or texts', strangers, check(strangers === 0, `${strangers} strange frames`));

  // Unread counts: the database's read position, the reads the client posted, the messages, and the API's badge.
  const { rows: sides } = (await database.db.execute(sql`
    select cm.profile_id, cm.read_up_to::bigint as read_up_to, cm.removed_up_to::bigint as removed_up_to from conversation_members cm
    where cm.conversation_id = any(${sql.param(bench.conversationIds)}::int[])`)) as unknown as {
    rows: { profile_id: number; read_up_to: string; removed_up_to: string }[];
  };
  const sideOf = new Map(sides.map((s) => [Number(s.profile_id), s]));
  let unreadMismatch = 0;
  let readMismatch = 0;
  let unreadTotal = 0;
  const unreadSamples: string[] = [];
  for (const member of members) {
    const side = sideOf.get(member.profileId);
    const dbRead = Math.max(Number(side?.read_up_to ?? 0), Number(side?.removed_up_to ?? 0));
    if (Number(side?.read_up_to ?? -1) < member.readUpTo) readMismatch++;
    const fromMessages = (partnerStored.get(member.index) ?? []).filter((id) => id > dbRead).length;
    const fromClient = (partnerStored.get(member.index) ?? []).filter((id) => id > member.readUpTo).length;
    const api = apiUnread.get(member.index);
    unreadTotal += fromMessages;
    if (api !== fromMessages || (Number(side?.read_up_to ?? 0) === member.readUpTo && fromClient !== fromMessages)) {
      unreadMismatch++;
      if (unreadSamples.length < 5)
        unreadSamples.push(
          `member ${member.index}: API ${api}, messages after the stored read position ${fromMessages}, after the client's reads ${fromClient}`,
        );
    }
  }
  row('reads posted (POST /api/chat-read.php)', members.filter((m) => m.readUpTo > 0).length + ' members', null);
  row('unread messages in all', unreadTotal, null);
  row(
    'unread counts disagreeing (API, messages, reads)',
    unreadMismatch,
    check(unreadMismatch === 0, `${unreadMismatch} unread counts disagree: ${unreadSamples.join('; ')}`),
  );
  row(
    'read positions behind the reads answered 200',
    readMismatch,
    check(readMismatch === 0, `${readMismatch} read positions behind what was posted`),
  );

  // Balances: the ledger (as ledger-check.ts), the opening balance minus the price of the stored messages, the last answer.
  const { rows: ledger } = (await database.db.execute(sql`
    select u.id, u.credits, coalesce(e.total, 0)::bigint as total, coalesce(e.spent, 0)::bigint as spent, coalesce(e.entries, 0)::int as entries
    from users u left join (
      select user_id, sum(amount) as total,
        -sum(amount) filter (where kind = 'message' and reference = any(${sql.param(stored.map((r) => `message:${r.id}`))}::text[])) as spent,
        count(*) filter (where kind = 'message' and reference = any(${sql.param(stored.map((r) => `message:${r.id}`))}::text[])) as entries
      from credit_entries where user_id = any(${sql.param(userIds)}::int[]) group by user_id
    ) e on e.user_id = u.id where u.id = any(${sql.param(userIds)}::int[])`)) as unknown as {
    rows: { id: number; credits: number; total: string; spent: string; entries: number }[];
  };
  const ledgerOf = new Map(ledger.map((r) => [Number(r.id), r]));
  let drift = 0;
  let balanceMismatch = 0;
  let entryMismatch = 0;
  const balanceSamples: string[] = [];
  for (const member of members) {
    const r = ledgerOf.get(member.userId);
    const sentStored = (partnerStored.get(member.partner) ?? []).length;
    const credits = Number(r?.credits ?? NaN);
    if (!r || credits !== Number(r.total)) drift++;
    const expected = opening.get(member.userId)! - sentStored * bench.messageCredits;
    if (credits !== expected || (member.lastCredits !== null && member.lastCredits !== credits)) {
      balanceMismatch++;
      if (balanceSamples.length < 5)
        balanceSamples.push(`member ${member.index}: balance ${credits}, expected ${expected}, last answer ${member.lastCredits}`);
    }
    if (Number(r?.entries ?? 0) !== sentStored || Number(r?.spent ?? 0) !== sentStored * bench.messageCredits) entryMismatch++;
  }
  row('balances differing from the sum of their entries', drift, check(drift === 0, `${drift} balances drift from their ledger`));
  row(
    'balances not opening - price x stored messages, or not the last answer',
    balanceMismatch,
    check(balanceMismatch === 0, `${balanceMismatch} balances disagree: ${balanceSamples.join('; ')}`),
  );
  row(
    'members without one ledger entry per stored message',
    entryMismatch,
    check(entryMismatch === 0, `${entryMismatch} members' message entries disagree with their messages`),
  );
  row(
    'processes stopped cleanly at the end',
    exitCodes.map((c) => String(c)).join(' '),
    check(
      exitCodes.every((c) => c === 0),
      `exit codes at the end ${exitCodes.join(', ')}`,
    ),
  );

  // No later bench or notification scan should find these messages.
  await clearChatBench(database.db, bench.conversationIds);
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const width = Math.max(...rows.map((r) => r[0].length));
  const valueWidth = Math.max(...rows.filter((r) => r[1].length <= 12).map((r) => r[1].length));
  console.log(
    `\nChat soak with faults: ${n(count)} members, ${n(MESSAGES)} messages, sends over ${sendSeconds.toFixed(1)} s; load average ${load.map((l) => l.toFixed(2)).join(' ')}`,
  );
  for (const [name, value, ok] of rows)
    console.log(`  ${name.padEnd(width)}  ${value.length > valueWidth ? value : value.padStart(valueWidth)}  ${ok}`.trimEnd());
  if (failures.length === 0)
    console.log('ok   chat soak: no loss, no double, in order; unread counts and balances agree with the messages and the ledger');
  else for (const failure of failures) console.log(`FAIL chat soak: ${failure}`);
  return failures.length === 0;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  async (err: unknown) => {
    console.error(err);
    await Promise.all(procs.map(stopProcess));
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(1);
  },
);
