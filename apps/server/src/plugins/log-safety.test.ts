import { PassThrough } from 'node:stream';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/open';
import { seedDemoSites } from '../seed/demo-sites';
import { createTestDatabase } from '../test/test-database';
import { safeError, scrubText } from './log-safety';

/** A real app logging at error level into memory, with two routes that fail the way production code can. */
let app: FastifyInstance;
let database: DatabaseHandle;
let dataDir: string;
const logged: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoSites(database.db);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-log-safety-'));
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logged.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  app = await buildApp({
    database,
    logStream,
    config: {
      mode: 'test',
      countryHeader: undefined,
      trustProxy: false,
      logLevel: 'error',
      webDistDir: path.join(dataDir, 'no-web-build'),
      dataDir,
      smtpUrl: undefined,
      redisUrl: undefined,
    },
  });
  // A query that fails with a member's address among its parameters (drizzle quotes them in its message).
  app.post('/test/failing-query', async (request) => {
    const { email } = request.body as { email: string };
    await database.db.execute(sql`select ${email}::int`);
    return { ok: true };
  });
  // An SMTP server refusing a recipient quotes the address.
  app.post('/test/failing-mail', async () => {
    throw new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <sanne.de.vries@example.com>: Recipient address rejected");
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('error logs carry no personal data', () => {
  it('a failed query is logged with its route and the database error, without the parameters or the address', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/failing-query',
      payload: { email: 'sanne.de.vries@example.com', password: 'hunter2 secret' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('internal_error');
    const line = logged.find((l) => l.includes('request failed'));
    expect(line, logged.join('\n')).toBeDefined();
    const entry = JSON.parse(line!);
    expect(entry).toMatchObject({ level: 50, method: 'POST', route: '/test/failing-query', err: { type: 'DrizzleQueryError' } });
    expect(entry.err.message).toContain('Failed query: select $1::int');
    expect(entry.err.cause.code).toBe('22P02'); // invalid_text_representation: enough to find the bug
    for (const secret of ['sanne.de.vries', 'example.com', 'hunter2']) expect(line).not.toContain(secret);
    expect(entry.err.params).toBeUndefined();
  });

  it('an address quoted in an error message is replaced', async () => {
    logged.length = 0;
    expect((await app.inject({ method: 'POST', url: '/test/failing-mail', payload: {} })).statusCode).toBe(500);
    const line = logged.find((l) => l.includes('request failed'))!;
    expect(JSON.parse(line).err.message).toBe(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <[e-mail]>: Recipient address rejected",
    );
    expect(line).not.toContain('sanne');
  });

  it('a refused request (NUL byte in the address) is a translated 400 and logs nothing', async () => {
    logged.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/user.php?locale=fr',
      payload: { email: 'sanne\u0000@example.com', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_characters', field: 'email' });
    expect(logged).toEqual([]);
  });
});

describe('safeError', () => {
  it('keeps only whitelisted properties, scrubs the stack and follows the cause', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_site_email_idx"'), {
      code: '23505',
      constraint: 'users_site_email_idx',
      detail: 'Key (site_id, email)=(1, bo@example.com) already exists.',
    });
    const error = Object.assign(new Error('Failed query: insert into users values ($1)\nparams: bo@example.com,Bo'), {
      params: ['bo@example.com', 'Bo'],
      cause,
    });
    const safe = safeError(error);
    expect(safe.message).toBe('Failed query: insert into users values ($1)\nparams: [left out]');
    expect(safe.cause).toMatchObject({ code: '23505', constraint: 'users_site_email_idx' });
    expect(JSON.stringify(safe)).not.toMatch(/bo@example|Key \(site_id/);
    expect(scrubText('to: a.b+c@d-e.example.org, ok')).toBe('to: [e-mail], ok');
  });
});
