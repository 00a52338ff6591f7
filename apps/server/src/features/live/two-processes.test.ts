/**
 * Two real server processes (`node --import tsx apps/server/src/main.ts`, as operators run it)
 * on one PostgreSQL database and one Redis, as behind a load balancer: a member's socket on
 * process A hears what happens through process B (decision 028).
 *
 * Needs TEST_DATABASE_URL and REDIS_URL (CI sets both): PGlite belongs to one process, and the
 * in-process broker reaches no other process. Without them the test is skipped and says why.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../db/open';
import { memberPresence, profiles, sites, users } from '../../db/schema';
import { seedDemoSites } from '../../seed/demo-sites';
import { adminQuery, withDatabaseName } from '../../test/postgres-admin';
import { ZChatAnswer, ZChatsAnswer, ZSendMessageAnswer } from '@cupido/shared/contracts/chats';
import { createSession } from '../accounts/sessions';
import { changeCredits } from '../credits/service';
import { closeAll, openLiveReady, type LiveClient } from './test/live-test-kit';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const enabled = !!databaseUrl && !!redisUrl;
const SKIP_REASON =
  'skipped: needs TEST_DATABASE_URL and REDIS_URL (PGlite cannot be shared by two processes; the in-process broker reaches no other process)';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const children: ChildProcessWithoutNullStreams[] = [];
const dataDirs: string[] = [];
const clients: LiveClient[] = [];
let database: DatabaseHandle | undefined;
let databaseName: string | undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One server process on the test's database and Redis; resolves once it answers. */
async function startServer(databaseUrlOfTest: string, keyPrefix: string): Promise<{ base: string; output: () => string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-live-proc-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrlOfTest,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: keyPrefix,
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      WORKER: '0',
    },
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let exited = false;
  child.on('exit', () => (exited = true));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240 && !exited; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not start:\n${output}`);
}

/** An active member of the default site with a session (as broker.test.ts makes them). */
async function memberWithSession(db: DatabaseHandle['db'], name: string) {
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.domain, 'localhost'));
  const [profile] = await db
    .insert(profiles)
    .values({ siteId: site!.id, name, birthDate: '1990-05-17', country: 'NL', gender: 'female' })
    .returning({ id: profiles.id });
  const now = new Date();
  const [user] = await db
    .insert(users)
    .values({
      siteId: site!.id,
      profileId: profile!.id,
      email: `${randomBytes(6).toString('hex')}@example.com`,
      status: 'active',
      createdAt: now,
      activatedAt: now,
    })
    .returning({ id: users.id });
  const token = await createSession(db, user!.id, now);
  return { userId: user!.id, profileId: profile!.id, cookie: `auth.session=${token}` };
}

async function call(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

let a: { base: string; output: () => string };
let b: { base: string; output: () => string };

describe.skipIf(!enabled)(`two server processes on one PostgreSQL and Redis${enabled ? '' : ` (${SKIP_REASON})`}`, () => {
  beforeAll(async () => {
    // A clone of the migrated template, named so that the run's teardown drops it should this file crash.
    const templateName = new URL(inject('databaseTemplate')).pathname.slice(1);
    databaseName = `${templateName.replace(/_tpl$/, '')}_t_${randomBytes(4).toString('hex')}`;
    await adminQuery(databaseUrl!, `CREATE DATABASE "${databaseName}" TEMPLATE "${templateName}"`);
    const url = withDatabaseName(databaseUrl!, databaseName);
    database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    await seedDemoSites(database.db);
    const keyPrefix = `cupido-test:${randomBytes(6).toString('hex')}:`;
    [a, b] = await Promise.all([startServer(url, keyPrefix), startServer(url, keyPrefix)]);
  }, 120_000);

  afterAll(async () => {
    await closeAll(clients);
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.on('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await database?.close();
    if (databaseName) await adminQuery(databaseUrl!, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it("delivers a like given through process B to the liked member's socket on process A", async () => {
    const anna = await memberWithSession(database!.db, 'Anna');
    const ben = await memberWithSession(database!.db, 'Ben');
    const annaOnA = await openLiveReady(a.base, { cookie: anna.cookie });
    clients.push(annaOnA);

    const liked = await call(b.base, 'POST', '/api/like.php', ben.cookie, { profile_id: anna.profileId });
    expect(liked.status, JSON.stringify(liked.body)).toBe(200);
    // Other runs may share this Redis (the processes use the default channel prefix): wait for this frame.
    expect(await annaOnA.waitFor((f) => f.type === 'like' && f.profile === ben.profileId, 10_000)).toEqual({
      type: 'like',
      profile: ben.profileId,
      like_state: 'liked_you',
    });
  }, 30_000);

  it("delivers a message sent over HTTP to process B to the partner's socket on process A; after a killed socket the resync brings what was missed, once", async () => {
    const anna = await memberWithSession(database!.db, 'Anna');
    const ben = await memberWithSession(database!.db, 'Ben');
    await database!.db.transaction((tx) =>
      changeCredits(tx, {
        userId: ben.userId,
        amount: 100,
        kind: 'manual_correction',
        idempotencyKey: `test:${randomUUID()}`,
        now: new Date(),
      }),
    );
    const annaOnA = await openLiveReady(a.base, { cookie: anna.cookie });
    clients.push(annaOnA);
    const write = async (text: string) => {
      const response = await call(b.base, 'POST', '/api/message.php', ben.cookie, {
        profile_id: anna.profileId,
        client_id: randomUUID(),
        text,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return ZSendMessageAnswer.parse(response.body).message;
    };

    const first = await write('Hallo Anna');
    const frame = await annaOnA.waitFor((f) => f.type === 'message' && f.message.id === first.id, 10_000);
    expect(frame).toMatchObject({
      type: 'message',
      message: { id: first.id, text: 'Hallo Anna', from_me: false, conversation: first.conversation },
    });

    // Anna's socket dies without a word (a phone going to sleep); Ben writes on meanwhile.
    annaOnA.ws.terminate();
    await annaOnA.closed;
    const second = await write('Bist du da?');
    const third = await write('Hallo?');

    // She comes back, through the other process: the hello says there is news, the resync brings it.
    const annaOnB = await openLiveReady(b.base, { cookie: anna.cookie });
    clients.push(annaOnB);
    expect(annaOnB.frames[0]).toEqual({ type: 'hello', last_message_id: third.id, new_likes: 0 });
    const resync = await call(a.base, 'GET', `/api/chat.php?conversation=${first.conversation.id}&after=${first.id}`, anna.cookie);
    expect(resync.status, JSON.stringify(resync.body)).toBe(200);
    const missed = ZChatAnswer.parse(resync.body);
    expect(missed.messages.map((m) => [m.id, m.text])).toEqual([
      [second.id, 'Bist du da?'],
      [third.id, 'Hallo?'],
    ]);
    expect(missed.has_newer).toBe(false);
  }, 30_000);

  it("shows Anna online in process B's answers while her socket is open on process A (decision 036), and not once it closed", async () => {
    const anna = await memberWithSession(database!.db, 'Anna');
    const ben = await memberWithSession(database!.db, 'Ben');
    await database!.db.transaction((tx) =>
      changeCredits(tx, {
        userId: ben.userId,
        amount: 100,
        kind: 'manual_correction',
        idempotencyKey: `test:${randomUUID()}`,
        now: new Date(),
      }),
    );
    const sent = await call(b.base, 'POST', '/api/message.php', ben.cookie, {
      profile_id: anna.profileId,
      client_id: randomUUID(),
      text: 'Hallo Anna',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const annaSeenOnB = async () => {
      const list = await call(b.base, 'GET', '/api/chats.php', ben.cookie);
      return ZChatsAnswer.parse(list.body).chats.find((chat) => chat.profile === anna.profileId)?.partner.activity;
    };
    // She made no request (her session was made in the database): no mark.
    expect(await annaSeenOnB()).toBeUndefined();

    const annaOnA = await openLiveReady(a.base, { cookie: anna.cookie });
    clients.push(annaOnA);
    await expect.poll(annaSeenOnB, { timeout: 5_000, interval: 50 }).toBe('online');
    annaOnA.ws.close();
    await annaOnA.closed;
    // The socket's handshake was a logged-in request of today.
    await expect.poll(annaSeenOnB, { timeout: 5_000, interval: 50 }).toBe('today');
  }, 30_000);

  // Last: it stops process A.
  it('tells the sockets of a process stopping on SIGTERM that it is going away, deletes its presence rows, and exits 0', async () => {
    const cleo = await memberWithSession(database!.db, 'Cleo');
    const cleoOnA = await openLiveReady(a.base, { cookie: cleo.cookie });
    clients.push(cleoOnA);
    await expect
      .poll(async () => (await database!.db.select().from(memberPresence).where(eq(memberPresence.userId, cleo.userId))).length, {
        timeout: 5_000,
      })
      .toBe(1);
    const processA = children[0]!;
    const exited = new Promise<number | null>((resolve) => processA.on('exit', (code) => resolve(code)));
    processA.kill('SIGTERM');
    expect(await cleoOnA.closed).toEqual({ code: 1001, reason: 'shutdown' });
    expect(await exited, a.output()).toBe(0);
    // Process A deleted its presence rows on the way out (decision 036).
    expect(await database!.db.select().from(memberPresence).where(eq(memberPresence.userId, cleo.userId))).toEqual([]);
  }, 30_000);
});
