/**
 * `npm run cluster` (issue 32, decision 056): the reference deployment's layout on one machine, to
 * try it: nginx on CLUSTER_PORT (default 3000) in front of three server processes (two web-only
 * with WORKER=0, one worker), on the PostgreSQL of DATABASE_URL and the Redis of REDIS_URL, photos
 * in one shared DATA_DIR. nginx runs from Debian's package with a configuration generated here
 * around the same proxy settings as deploy/nginx/cupido.conf. Ctrl-C (or SIGTERM) stops it cleanly:
 * the processes first (they tell their sockets they are going away), then nginx.
 *
 * CLUSTER_SKIP_BUILD=1 uses the web app already built (the browser tests build it once).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { answeringThrough, localNginxConfig, nginxArgs, nginxBinary, nginxRunDir } from './local-nginx';

const REPO = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.CLUSTER_PORT ?? 3000);
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const nginx = nginxBinary();

function refuse(message: string): never {
  console.error(`npm run cluster: ${message}`);
  process.exit(1);
}
if (!Number.isInteger(port) || port < 1 || port > 65_532) refuse('CLUSTER_PORT must be a port number; the processes take the next three');
// The embedded database belongs to one process, and frames cross processes only through Redis.
if (!databaseUrl?.startsWith('postgres'))
  refuse('set DATABASE_URL to a PostgreSQL database (e.g. postgres://postgres@127.0.0.1:5432/cupido_cluster)');
if (!redisUrl) refuse('set REDIS_URL (e.g. redis://127.0.0.1:6379): the processes share live frames and counters through it');
if (!fs.existsSync(nginx)) refuse(`no nginx at ${nginx}: apt-get install nginx (or set NGINX_PATH)`);

if (process.env.CLUSTER_SKIP_BUILD !== '1') {
  const build = spawnSync(process.execPath, ['scripts/start-build.mjs'], { cwd: REPO, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const runDir = nginxRunDir();
const dataDir = process.env.DATA_DIR ?? path.join(runDir, 'data');
const processes = [
  { name: 'web-1', port: port + 1, worker: '0' },
  { name: 'web-2', port: port + 2, worker: '0' },
  { name: 'worker', port: port + 3, worker: '1' },
];

const children: { name: string; child: ChildProcess }[] = [];
let stopping = false;

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk: Buffer) => chunk.toString().replace(/^(?=.)/gm, `[${name}] `);
  child.stdout!.on('data', (chunk: Buffer) => process.stdout.write(prefix(chunk)));
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[cluster] ${name} exited (${signal ?? code}) on its own: stopping the cluster`);
    void stop(1);
  });
  children.push({ name, child });
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('[cluster] stopping: the server processes first, then nginx');
  const servers = children.filter((c) => c.name !== 'nginx');
  for (const { child } of servers) child.kill('SIGTERM');
  // A server exits within 10 s of SIGTERM (main.ts); after 15 s it is killed.
  const killLater = setTimeout(() => servers.forEach(({ child }) => child.kill('SIGKILL')), 15_000);
  await Promise.all(servers.map(({ child }) => exited(child)));
  clearTimeout(killLater);
  const proxy = children.find((c) => c.name === 'nginx');
  if (proxy) {
    proxy.child.kill('SIGQUIT'); // graceful: nginx finishes its open requests
    await exited(proxy.child);
  }
  fs.rmSync(runDir, { recursive: true, force: true });
  console.log('[cluster] stopped');
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function serving(processPort: number): Promise<void> {
  for (let i = 0; i < 600 && !stopping; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${processPort}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the process on port ${processPort} did not start`);
}

for (const p of processes) {
  start(p.name, process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    ...process.env,
    PORT: String(p.port),
    HOST: '127.0.0.1',
    WORKER: p.worker,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    DATA_DIR: dataDir,
    // nginx on this machine is the proxy; links in mails and pages name nginx's port.
    TRUST_PROXY: 'loopback',
    PUBLIC_PORT: String(port),
  });
}
try {
  await Promise.all(processes.map((p) => serving(p.port)));
} catch (error) {
  console.error(`[cluster] ${(error as Error).message}`);
  await stop(1);
}
fs.writeFileSync(
  path.join(runDir, 'nginx.conf'),
  localNginxConfig({ listenPort: port, upstreamPorts: processes.map((p) => p.port), runDir }),
);
start('nginx', nginx, nginxArgs(runDir), process.env);
await answeringThrough(port).catch(() => undefined);
console.log(
  `\nCupido cluster is serving on http://localhost:${port} through nginx: processes on ${processes.map((p) => `${p.port} (${p.name})`).join(', ')}; Ctrl-C stops it.`,
);
