/**
 * The reference deployment on one machine (issue 32, decision 056): `npm run cluster` puts nginx in
 * front of three server processes on PostgreSQL and Redis; two members chat through it, live,
 * a phone and a desktop, and the cluster stops cleanly. Needs PostgreSQL, Redis and Debian's nginx,
 * which CI has (.ci/run installs nginx); without them the scenario says so and does not run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { PASSWORD, skipEntryWarning } from '../support/members';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const ready = !!databaseUrl && !!redisUrl && fs.existsSync('/usr/sbin/nginx');
const REPO = path.resolve(import.meta.dirname, '../..');
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

test.describe.configure({ timeout: 240_000 });
test.skip(!ready, 'needs TEST_DATABASE_URL, REDIS_URL and /usr/sbin/nginx (CI has all three)');

let cluster: ChildProcess | undefined;
let output = '';
let origin = '';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-e2e-cluster-'));
const databaseName = `${databaseUrl ? new URL(databaseUrl).pathname.slice(1) : 'none'}_cluster`;

async function admin(statement: string) {
  const url = new URL(databaseUrl!);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/**
 * Four free ports in a row: nginx's and the three processes'. Below Linux's ephemeral range
 * (32768-60999): a port found free there can be taken by an outgoing connection before the
 * process listens (CI's run once lost the worker's port that way).
 */
async function freePortRun(): Promise<number> {
  const isFree = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = net.createServer().once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let base = 21_100 + Math.floor(Math.random() * 500) * 7; base < 32_000; base += 7) {
    const free = await Promise.all([0, 1, 2, 3].map((i) => isFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('no four free ports in a row');
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await admin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${databaseName}"`);
  const url = new URL(databaseUrl!);
  url.pathname = `/${databaseName}`;
  const port = await freePortRun();
  origin = `http://localhost:${port}`;
  cluster = spawn(process.execPath, ['--import', 'tsx', 'deploy/cluster.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      // Counters and frames of this cluster only.
      REDIS_KEY_PREFIX: `cupido-e2e-cluster:${Date.now()}:`,
      CLUSTER_PORT: String(port),
      CLUSTER_SKIP_BUILD: '1',
      DATA_DIR: dataDir,
      SMTP_URL: '',
    },
  });
  cluster.stdout!.on('data', (chunk) => (output += chunk));
  cluster.stderr!.on('data', (chunk) => (output += chunk));
  await expect.poll(() => output, { timeout: 200_000, intervals: [500] }).toContain('Cupido cluster is serving');
});

test.afterAll(async () => {
  if (cluster && cluster.exitCode === null) cluster.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (ready) await admin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
});

interface Member {
  id: number;
  context: BrowserContext;
  page: Page;
}

let address = 0;
/** Signs up through nginx from an address of its own, activates through the cluster's mail folder, logs in the context. */
async function member(browser: Browser, name: string, options: typeof PHONE | typeof DESKTOP): Promise<Member> {
  const context = await browser.newContext({ ...options, baseURL: origin });
  await skipEntryWarning(context);
  const email = `cluster-${name.toLowerCase()}-${Date.now()}@example.com`;
  address += 1;
  const signup = await context.request.post('/api/signup.php', {
    data: {
      email,
      name,
      password: PASSWORD,
      date_of_birth: '1988-02-03',
      gender: 'female',
      looking_for: 'both',
      consent_terms: true,
      consent_orientation_data: true,
    },
    headers: { 'X-Forwarded-For': `10.78.0.${address}` },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const id = ((await signup.json()) as { user: { profile: { id: number } } }).user.profile.id;
  // Mails of every process land in the shared DATA_DIR/mail (no SMTP_URL: the demo's mailbox).
  const mailDir = path.join(dataDir, 'mail');
  let file: string | undefined;
  await expect
    .poll(() => (file = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).find((f) => f.includes(email.toLowerCase())) : undefined), {
      timeout: 30_000,
    })
    .toBeDefined();
  const mail = await simpleParser(fs.readFileSync(path.join(mailDir, file!)));
  const link = /https?:\/\/[^\s"<>]+\/api\/activate\.php\?[^\s"<>]+/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeDefined();
  const activation = await context.request.get(new URL(link!).pathname + new URL(link!).search);
  expect(activation.ok()).toBe(true);
  const userId = ((await (await context.request.get('/api/user.php')).json()) as { user: { id: number } }).user.id;
  await context.addInitScript((key) => window.sessionStorage.setItem(key, '1'), `auto-like-asked:${userId}`);
  await context.addInitScript((key) => window.localStorage.setItem(key, new Date().toISOString()), `time-bonus-modal-dismissed:${userId}`);
  return { id, context, page: await context.newPage() };
}

const messages = (page: Page, partner: string) => page.getByRole('region', { name: `Messages with ${partner}` });
const bubble = (page: Page, partner: string, text: string) => messages(page, partner).getByRole('listitem').filter({ hasText: text });

test('two members chat live through nginx and three processes; the cluster stops cleanly', async ({ browser }) => {
  const rosa = await member(browser, 'Rosa', PHONE);
  const bram = await member(browser, 'Bram', DESKTOP);

  await bram.page.goto('/chats');
  await rosa.page.goto(`/members/${bram.id}/chat`);
  const icebreakers = rosa.page.getByRole('dialog', { name: 'Icebreakers' });
  await expect(icebreakers).toBeVisible();
  await icebreakers.getByRole('button', { name: 'Close' }).click();
  const hello = 'Hello Bram, through nginx and three processes';
  await rosa.page.getByRole('textbox', { name: 'Your message to Bram' }).fill(hello);
  await rosa.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(bubble(rosa.page, 'Bram', hello)).toHaveCount(1);

  // Bram's tab, never reloaded, hears of it through its socket (whichever process holds it).
  const item = bram.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Rosa/ });
  await expect(item).toContainText('Unread messages: 1');
  await item.click();
  await expect(bubble(bram.page, 'Rosa', hello)).toHaveCount(1);
  const reply = 'Hello Rosa, it arrived';
  await bram.page.getByRole('textbox', { name: 'Your message to Rosa' }).fill(reply);
  await bram.page.keyboard.press('Enter');
  await expect(bubble(rosa.page, 'Bram', reply)).toHaveCount(1);
  await expect(bubble(rosa.page, 'Bram', hello).locator('.chat-state')).toHaveAttribute('data-state', 'read');

  await rosa.context.close();
  await bram.context.close();

  // Ctrl-C's signal: the processes first, then nginx, and exit 0.
  const exited = new Promise<number | null>((resolve) => cluster!.once('exit', (code) => resolve(code)));
  cluster!.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(output).toContain('[cluster] stopped');
  await expect(fetch(`${origin}/health`)).rejects.toThrow();
});
