/**
 * Graceful shutdown of the real server process: SIGTERM arrives while a request is still being
 * received; the request is answered in full and the process then exits 0 by itself (main.ts
 * exits 1 if closing takes longer than 10 s, so exit code 0 means within the limit).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/open';
import { seedDemoSites } from './seed/demo-sites';
import { freePort } from './test/server-process';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-shutdown-'));
let child: ReturnType<typeof spawn> | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  it('answers a request in flight at SIGTERM, then exits 0', async () => {
    // The sites only (the request needs one), prepared before the server takes the data directory.
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.migrate();
    await seedDemoSites(database.db);
    await database.close();

    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      // The embedded database, running jobs (WORKER defaults to 1), whatever the test run uses elsewhere.
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'debug',
        DATABASE_URL: '',
        REDIS_URL: '',
        SEED_DEMO: '0',
      },
    });
    let output = '';
    const waiters: { text: string; resolve: () => void }[] = [];
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      for (const waiter of waiters.filter((w) => output.includes(w.text))) waiter.resolve();
    };
    child.stdout!.on('data', onOutput);
    child.stderr!.on('data', onOutput);
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    const logged = (text: string) => new Promise<void>((resolve) => (output.includes(text) ? resolve() : waiters.push({ text, resolve })));

    await Promise.race([logged('Cupido is serving'), exited.then(() => Promise.reject(new Error(`server exited:\n${output}`)))]);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);

    // A login whose body arrives in two parts: the request is in flight when the signal comes.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/user.php?domain=localhost',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          let text = '';
          response.on('data', (d) => (text += d));
          response.on('end', () => resolve({ status: response.statusCode!, text }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      void logged('shutting down').then(() => request.end(body.slice(10)));
    });
    // The server has started on the request (logged at debug) before the signal is sent.
    await logged('/api/user.php');
    child.kill('SIGTERM');

    const { status, text } = await answer;
    expect(status, text).toBeGreaterThanOrEqual(400);
    expect(status, `${text}\n${output.slice(-3000)}`).toBeLessThan(500);
    expect(JSON.parse(text)).toHaveProperty('error');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
  }, 120_000);
});
