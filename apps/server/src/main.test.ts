/**
 * The real entry point as an operator runs it: a process that migrates, seeds, serves, refuses a
 * second process on the same data directory, and shuts down cleanly on SIGTERM.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startProcess, waitForHealth, type ServerProcess } from './test/server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-main-'));
const running: ServerProcess[] = [];

afterAll(() => {
  for (const { child } of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function start(port: number): ServerProcess {
  // The embedded database, whatever the test run uses elsewhere.
  const started = startProcess('apps/server/src/main.ts', {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
    SEED_DEMO: '0',
  });
  running.push(started);
  return started;
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
  }, 420_000);
});
