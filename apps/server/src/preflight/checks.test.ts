/**
 * Demo or production (decision 035): which configuration is which, what production refuses, and
 * what `npm run preflight` reports, on the real configuration parser and a real database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { staffAccounts } from '../db/schema';
import { seedDemoSites } from '../seed/demo-sites';
import { DEMO_MEMBER, seedDemoMember } from '../seed/demo-member';
import { DEMO_ADMIN, seedDemoStaff } from '../seed/demo-staff';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from '../db/open';
import { databaseProblems, operationsProblems, startProblems } from './checks';
import { runPreflight } from './preflight';

/** A production configuration with nothing unsafe: the baseline each case below spoils once. */
const SAFE_PRODUCTION = {
  HOST: '0.0.0.0',
  SMTP_URL: 'smtp://mailer:secret@127.0.0.1:2525',
  PAYMENT_PROVIDER: 'paynl',
  PAYNL_TOKEN_CODE: 'AT-0000-0000',
  PAYNL_API_TOKEN: 'token',
  PAYNL_SERVICE_ID: 'SL-0000-0000',
  METRICS_TOKEN: 'a-metrics-token-of-32-characters',
  TRUST_PROXY: '1',
} as const;

const variablesOf = (env: NodeJS.ProcessEnv) => startProblems(loadConfig(env)).map((p) => p.variable);

describe('demo or production', () => {
  it('is a demo only on a loopback address without PRODUCTION=1; the demo keeps its defaults, production gets safe ones', () => {
    for (const host of ['127.0.0.1', '127.5.6.7', 'localhost', '::1']) expect(loadConfig({ HOST: host }).mode, host).toBe('demo');
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '203.0.113.7', 'example.com'])
      expect(loadConfig({ HOST: host }).mode, host).toBe('production');
    expect(loadConfig({}).mode).toBe('demo');
    expect(loadConfig({ HOST: '127.0.0.1', PRODUCTION: '1' }).mode).toBe('production');

    const demo = loadConfig({});
    expect(demo.seedDemo).toBe(true);
    expect(demo.publicOrigin).toEqual({ scheme: 'http', port: 3000 });
    const production = loadConfig({ HOST: '0.0.0.0' });
    expect(production.seedDemo).toBe(false);
    expect(production.publicOrigin.scheme).toBe('https');
    // PRODUCTION=1 on loopback (a proxy on the same machine) links like production, not like a laptop.
    expect(loadConfig({ HOST: '127.0.0.1', PRODUCTION: '1' }).publicOrigin).toEqual({ scheme: 'https', port: undefined });
  });

  it('production refuses each unsafe setting with its own message naming the variable', () => {
    expect(variablesOf(SAFE_PRODUCTION)).toEqual([]);
    expect(variablesOf({ ...SAFE_PRODUCTION, SEED_DEMO: '1' })).toEqual(['SEED_DEMO']);
    expect(variablesOf({ ...SAFE_PRODUCTION, DEMO_STAFF_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' })).toEqual([
      'DEMO_STAFF_TOTP_SECRET',
    ]);
    expect(variablesOf({ ...SAFE_PRODUCTION, PAYMENT_PROVIDER: 'sandbox' })).toEqual(['PAYMENT_PROVIDER']);
    expect(variablesOf({ ...SAFE_PRODUCTION, PAYMENT_PROVIDER: '' })).toEqual(['PAYMENT_PROVIDER']);
    expect(variablesOf({ ...SAFE_PRODUCTION, SMTP_URL: '' })).toEqual(['SMTP_URL']);
    expect(variablesOf({ ...SAFE_PRODUCTION, PUBLIC_SCHEME: 'http' })).toEqual(['PUBLIC_SCHEME']);
    // A staging site may take the sandbox when it says so.
    expect(variablesOf({ ...SAFE_PRODUCTION, PAYMENT_PROVIDER: 'sandbox', PAYMENT_SANDBOX: '1' })).toEqual([]);

    const everything = startProblems(loadConfig({ HOST: '0.0.0.0', SEED_DEMO: '1', PUBLIC_SCHEME: 'http' }));
    expect(everything.map((p) => p.variable)).toEqual(['SEED_DEMO', 'PAYMENT_PROVIDER', 'SMTP_URL', 'PUBLIC_SCHEME']);
    expect(everything[0]!.message).toMatch(/SEED_DEMO=0/);
    expect(everything[1]!.message).toMatch(/PAYMENT_PROVIDER=paynl.*PAYMENT_SANDBOX=1/);
    expect(everything[2]!.message).toMatch(/set SMTP_URL/);
    expect(everything[3]!.message).toMatch(/PUBLIC_SCHEME=https/);
  });
});

describe('the database of a production server', () => {
  let database: DatabaseHandle;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-preflight-'));
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoSites(database.db);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses the demo seed's accounts while they can log in", async () => {
    expect(await databaseProblems(database.db)).toEqual([]);
    await seedDemoStaff(database.db);
    const [staffOnly] = await databaseProblems(database.db);
    expect(staffOnly?.variable).toBe('DATABASE_URL');
    expect(staffOnly?.message).toContain(DEMO_ADMIN.email);
    expect(staffOnly?.message).not.toContain(DEMO_MEMBER.email);

    await seedDemoMember(database.db, { dataDir });
    expect((await databaseProblems(database.db))[0]?.message).toContain(DEMO_MEMBER.email);

    // A disabled demo admin cannot log in any more: only the member is left to remove.
    await database.db.update(staffAccounts).set({ disabledAt: new Date() }).where(eq(staffAccounts.email, DEMO_ADMIN.email));
    const [memberOnly] = await databaseProblems(database.db);
    expect(memberOnly?.message).toContain(DEMO_MEMBER.email);
    expect(memberOnly?.message).not.toContain(DEMO_ADMIN.email);
  });
});

describe('npm run preflight', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-preflight-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('adds the operations checks: metrics, trusted proxy, a photo store that takes files', async () => {
    const ok = await operationsProblems(loadConfig({ ...SAFE_PRODUCTION, DATA_DIR: tempDir() }));
    expect(ok).toEqual([]);
    const missing = await operationsProblems(loadConfig({ ...SAFE_PRODUCTION, METRICS_TOKEN: '', TRUST_PROXY: '0', DATA_DIR: tempDir() }));
    expect(missing.map((p) => p.variable)).toEqual(['METRICS_TOKEN', 'TRUST_PROXY']);
    // DATA_DIR is a file: nothing can be stored under it.
    const file = path.join(tempDir(), 'not-a-directory');
    fs.writeFileSync(file, 'x');
    const [photos] = await operationsProblems(loadConfig({ ...SAFE_PRODUCTION, DATA_DIR: file }));
    expect(photos?.variable).toBe('DATA_DIR');
    expect(photos?.message).toMatch(/Photos cannot be stored/);
  });

  it('prints every problem and exits 1; a safe production configuration passes with 0', async () => {
    // The embedded database of a fresh data directory, whatever the test run uses elsewhere.
    const lines: string[] = [];
    const unsafe = await runPreflight({ HOST: '0.0.0.0', DATA_DIR: tempDir(), DATABASE_URL: '' }, (line) => lines.push(line));
    expect(unsafe).toBe(1);
    const printed = lines.join('\n');
    for (const variable of ['PAYMENT_PROVIDER', 'SMTP_URL', 'METRICS_TOKEN', 'TRUST_PROXY']) expect(printed).toContain(`- ${variable}: `);
    expect(printed).toMatch(/Preflight: 4 problems\. Nothing was started\./);

    const safeLines: string[] = [];
    expect(await runPreflight({ ...SAFE_PRODUCTION, DATA_DIR: tempDir(), DATABASE_URL: '' }, (line) => safeLines.push(line))).toBe(0);
    expect(safeLines.at(-1)).toBe('Preflight: no problems.');

    const badEnv: string[] = [];
    expect(await runPreflight({ PORT: 'eighty' }, (line) => badEnv.push(line))).toBe(1);
    expect(badEnv[0]).toMatch(/configuration: Invalid environment: PORT/);
  }, 120_000); // Boots two fresh embedded databases with every migration: a minute on a loaded CI machine.
});
