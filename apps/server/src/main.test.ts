/**
 * The real entry point as an operator runs it: a process that migrates, seeds, serves, refuses a
 * second process on the same data directory, and shuts down cleanly on SIGTERM.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-main-'));
const running: ChildProcessWithoutNullStreams[] = [];

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function start(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    // The embedded database, whatever the test run uses elsewhere.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '', SEED_DEMO: '0' },
  });
  running.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, exited: Promise<unknown>) {
  let done = false;
  void exited.then(() => (done = true));
  for (let i = 0; i < 240 && !done; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy`);
}

describe('the server process', () => {
  it('serves, refuses a second process on the same data directory, and stops cleanly on SIGTERM', async () => {
    // SEED_DEMO=0: the server must start on an empty database and still answer its health check.
    const port = await freePort();
    const first = start(port);
    await waitForHealth(port, first.exited);

    const second = start(await freePort());
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain('in use by another process');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');

    // The lock went with the first process: the data directory opens again.
    const port3 = await freePort();
    const third = start(port3);
    await waitForHealth(port3, third.exited);
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  }, 120_000);
});
