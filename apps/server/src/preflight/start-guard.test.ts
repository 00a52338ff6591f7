/**
 * The production start guard as an operator meets it (decision 035): `main.ts` as a process.
 * Every server here listens on 127.0.0.1 only; PRODUCTION=1 makes it production there, exactly
 * as a public HOST would (checks.test.ts proves that HOST alone decides the same way).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startProcess, waitForHealth, type ServerProcess } from '../test/server-process';

const dirs: string[] = [];
const started: ServerProcess[] = [];

afterAll(() => {
  for (const { child } of started) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-start-guard-'));
  dirs.push(dir);
  return dir;
}

/** A production configuration with nothing unsafe, on the embedded database of `dataDir`. */
function safeProduction(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    PRODUCTION: '1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SMTP_URL: 'smtp://mailer:secret@127.0.0.1:9',
    PAYMENT_PROVIDER: 'paynl',
    PAYNL_API_URL: 'http://127.0.0.1:9',
    PAYNL_TOKEN_CODE: 'AT-0000-0000',
    PAYNL_API_TOKEN: 'token',
    PAYNL_SERVICE_ID: 'SL-0000-0000',
  };
}

function run(script: string, env: NodeJS.ProcessEnv): ServerProcess {
  const child = startProcess(script, env);
  started.push(child);
  return child;
}

describe('a production start', () => {
  it('exits 1 before serving, with its message, for each unsafe setting', async () => {
    const port = await freePort();
    const cases: [string, NodeJS.ProcessEnv, RegExp][] = [
      ['SEED_DEMO', { SEED_DEMO: '1' }, /- SEED_DEMO: SEED_DEMO=1 would create the demo accounts/],
      ['PAYMENT_PROVIDER', { PAYMENT_PROVIDER: 'sandbox' }, /- PAYMENT_PROVIDER: PAYMENT_PROVIDER is the sandbox/],
      ['SMTP_URL', { SMTP_URL: '' }, /- SMTP_URL: SMTP_URL is not set/],
      ['PUBLIC_SCHEME', { PUBLIC_SCHEME: 'http' }, /- PUBLIC_SCHEME: PUBLIC_SCHEME is http/],
      ['DEMO_STAFF_TOTP_SECRET', { DEMO_STAFF_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }, /- DEMO_STAFF_TOTP_SECRET: /],
    ];
    const results = await Promise.all(
      cases.map(async ([name, unsafe, message]) => {
        const started = run('apps/server/src/main.ts', { ...safeProduction(tempDir(), port), ...unsafe });
        return { name, message, code: await started.exited, output: started.output() };
      }),
    );
    for (const { name, message, code, output } of results) {
      expect(code, name).toBe(1);
      expect(output, name).toMatch(/Cupido refuses to start: this is a production server \(PRODUCTION=1; decision 035\)/);
      expect(output, name).toMatch(message);
      // One problem each: the others of the safe baseline are not reported.
      expect(output.match(/^- [A-Z_]+: /gm), name).toHaveLength(1);
    }
  }, 120_000);

  it('starts when safe; refuses a database that the demo seed filled, and the seed itself refuses production', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const server = run('apps/server/src/main.ts', safeProduction(dataDir, port));
    await waitForHealth(port, server.exited);
    // Demo parts are absent: no dev mailbox, no demo login.
    expect((await fetch(`http://127.0.0.1:${port}/dev/mailbox`)).status).toBe(404);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const refusedSeed = run('apps/server/src/seed/cli.ts', safeProduction(dataDir, port));
    expect(await refusedSeed.exited).toBe(1);
    expect(refusedSeed.output()).toMatch(/runs only on a demo/);

    // The same data directory seeded as a laptop demo would be, then started as production.
    const demoSeed = run('apps/server/src/seed/cli.ts', { ...safeProduction(dataDir, port), PRODUCTION: '', SMTP_URL: '' });
    expect(await demoSeed.exited, demoSeed.output()).toBe(0);
    const refused = run('apps/server/src/main.ts', safeProduction(dataDir, port));
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(
      /- DATABASE_URL: The database holds the demo seed's accounts \(admin@cupido\.example, demo@cupido\.example\)/,
    );
  }, 180_000);
});
