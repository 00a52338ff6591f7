/**
 * Reset and reactivation mails answer the same for every address (decision 022): same status,
 * same body, and the same work before the answer (the mail goes out after it, in a job), so
 * neither the answer nor its timing tells whether an address has an account. The job queue runs
 * nothing by itself in tests: `jobs.drain()` is the worker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sites } from '../../db/schema';
import { ACCOUNT_MAILS_PER_ACCOUNT_PER_HOUR, RESET_MAILS_PER_ACCOUNT_PER_DAY } from '@cupido/shared/rules/accounts';
import { createAccountsTestApp, errorOf, linkPath, nextIp, signup, uniqueEmail, type AccountsTestApp } from '../../test/accounts-kit';
import { createTestApp } from '../../test/test-app';
import { LINK_MAIL_JOB } from './mail-requests';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, extra: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: extra.cookie ? { cookie: extra.cookie } : {},
    remoteAddress: extra.ip ?? nextIp(),
  });

const mailsTo = (email: string) => t.smtp.mails.filter((m) => m.to.includes(email));

/** The link-mail jobs queued for an address, as pg-boss stores them. */
async function jobsFor(database: { db: AccountsTestApp['database']['db'] }, email: string) {
  const result = (await database.db.execute(
    sql`select id, data, state from pgboss.job where name = ${LINK_MAIL_JOB} and data->>'email' = ${email} order by created_on`,
  )) as unknown as { rows: { id: string; data: Record<string, unknown>; state: string }[] };
  return result.rows;
}

async function pendingDeletion() {
  const member = await signup(t);
  const deleted = await post(
    '/api/delete-account.php',
    { reason: 'time', confirm: true, current_password: member.body.password },
    { cookie: member.cookie },
  );
  expect(deleted.statusCode, deleted.body).toBe(200);
  await t.smtp.waitForMail(member.body.email);
  t.smtp.clear();
  return member;
}

describe('POST /api/reset-password.php', () => {
  it('answers an unknown, an active and a deleted address alike, and mails only the accounts', async () => {
    const member = await signup(t);
    const deleted = await pendingDeletion();
    const unknown = uniqueEmail('nobody');
    t.smtp.clear();
    const answers = await Promise.all(
      [unknown, member.body.email, deleted.body.email].map((email) => post('/api/reset-password.php', { email })),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.json()).toEqual({ sent: true });

    await t.app.jobs.drain();
    expect(mailsTo(unknown)).toEqual([]);
    expect(linkPath(mailsTo(member.body.email)[0]!, '/reset-password/do')).toContain('token=');
    // A reset cannot open an account pending deletion: it gets its reactivation link instead.
    expect(mailsTo(deleted.body.email)).toHaveLength(1);
    expect(linkPath(mailsTo(deleted.body.email)[0]!, '/api/reactivate.php')).toContain('token=');
  });

  it('limits unknown addresses like known ones, so the limit tells nothing either', async () => {
    const member = await signup(t);
    for (const email of [uniqueEmail('nobody'), member.body.email]) {
      for (let i = 0; i < RESET_MAILS_PER_ACCOUNT_PER_DAY; i++)
        expect((await post('/api/reset-password.php', { email })).statusCode).toBe(200);
      const tooMany = await post('/api/reset-password.php', { email });
      expect(tooMany.statusCode).toBe(429);
      expect(errorOf(tooMany)).toMatchObject({ code: 'too_many_reset_mails', field: 'email' });
    }
  });

  it('still refuses a malformed address, whoever asks', async () => {
    const answer = await post('/api/reset-password.php', { email: 'not-an-address' });
    expect(answer.statusCode).toBe(400);
    expect(errorOf(answer).code).toBe('invalid_email');
  });
});

describe('POST /api/reactivation-mail.php', () => {
  it('answers an unknown, an active and a deleted address alike, and mails only the deleted account', async () => {
    const member = await signup(t);
    const deleted = await pendingDeletion();
    const unknown = uniqueEmail('nobody');
    t.smtp.clear();
    const answers = await Promise.all(
      [unknown, member.body.email, deleted.body.email].map((email) => post('/api/reactivation-mail.php', { email })),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
    }
    await t.app.jobs.drain();
    expect(mailsTo(unknown)).toEqual([]);
    expect(mailsTo(member.body.email)).toEqual([]);
    expect(linkPath(mailsTo(deleted.body.email)[0]!, '/api/reactivate.php')).toContain('token=');
  });

  it('limits unknown addresses like known ones', async () => {
    const deleted = await pendingDeletion();
    for (const email of [uniqueEmail('nobody'), deleted.body.email]) {
      for (let i = 0; i < ACCOUNT_MAILS_PER_ACCOUNT_PER_HOUR; i++)
        expect((await post('/api/reactivation-mail.php', { email })).statusCode).toBe(200);
      expect(errorOf(await post('/api/reactivation-mail.php', { email })).code).toBe('too_many_mails');
    }
  });
});

describe('the link-mail job', () => {
  it('holds no token, survives the process that queued it, and mails once when two workers drain', async () => {
    const member = await signup(t);
    t.smtp.clear();
    const sender = await createTestApp({ smtpUrl: t.smtp.url }, { database: t.database, clock: t.clock });
    const answer = await sender.app.inject({
      method: 'POST',
      url: '/api/reset-password.php',
      payload: { email: member.body.email, language: 'de' },
    });
    expect(answer.json()).toEqual({ sent: true });
    // The process that took the request stops before any worker ran the job.
    await sender.close();
    const [queued] = await jobsFor(t.database, member.body.email);
    const [site] = await t.database.db.select({ id: sites.id }).from(sites).where(eq(sites.domain, 'localhost'));
    expect(queued!.data).toEqual({ kind: 'password_reset', siteId: site!.id, email: member.body.email, language: 'de' });

    const worker = await createTestApp({ smtpUrl: t.smtp.url }, { database: t.database, clock: t.clock });
    try {
      await Promise.all([t.app.jobs.drain(), worker.app.jobs.drain()]);
    } finally {
      await worker.close();
    }
    const mails = mailsTo(member.body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Neues Passwort');
    // The token was made in the job: the link works, and the job's data never held it.
    const token = new URL(linkPath(mails[0]!, '/reset-password/do'), 'http://x').searchParams.get('token')!;
    expect(JSON.stringify(queued!.data)).not.toContain(token);
    const reset = await post('/api/reset-password-do.php', {
      token,
      password: 'a brand new secret',
      password_confirmation: 'a brand new secret',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await jobsFor(t.database, member.body.email)).map((job) => job.state)).toEqual(['completed']);
  }, 30_000);
});

describe('comparable work before the answer', () => {
  it('answers before the mail is sent: a dead mail server changes the answer for no address', async () => {
    // Nothing listens on port 1: every mail fails, after the answer, into the log.
    const dead = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const body = {
        email: uniqueEmail('dead'),
        name: 'Sanne',
        password: 'correct horse battery',
        date_of_birth: '1990-05-17',
        gender: 'female',
        looking_for: 'both',
        consent_terms: true,
      };
      expect((await dead.app.inject({ method: 'POST', url: '/api/signup.php', payload: body })).statusCode).toBe(201);
      for (const url of ['/api/reset-password.php', '/api/reactivation-mail.php']) {
        const known = await dead.app.inject({ method: 'POST', url, payload: { email: body.email } });
        const unknown = await dead.app.inject({ method: 'POST', url, payload: { email: uniqueEmail('nobody') } });
        expect([known.statusCode, known.body]).toEqual([200, '{"sent":true}']);
        expect([unknown.statusCode, unknown.body]).toEqual([200, '{"sent":true}']);
      }
      // The known address's reset mail failed in its job, which waits for a retry (an active
      // account gets no reactivation mail); the answers did not change.
      expect(await dead.app.jobs.drain()).toBe(4);
      expect((await jobsFor(dead.database, body.email)).map((job) => `${String(job.data.kind)}: ${job.state}`)).toEqual([
        'password_reset: retry',
        'reactivation: completed',
      ]);
    } finally {
      await dead.close();
    }
  }, 30_000);
});
