/**
 * Reset and reactivation mails answer the same for every address (decision 022): same status,
 * same body, and the same work before the answer (the mail goes out after it), so neither the
 * answer nor its timing tells whether an address has an account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MAILS_PER_ACCOUNT_PER_HOUR, RESET_MAILS_PER_ACCOUNT_PER_DAY } from '@cupido/shared/accounts';
import { createAccountsTestApp, errorOf, linkPath, nextIp, signup, uniqueEmail, type AccountsTestApp } from '../../test/accounts-kit';
import { createTestApp } from '../../test/test-app';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, extra: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: extra.cookie ? { cookie: extra.cookie } : {}, remoteAddress: extra.ip ?? nextIp() });

const mailsTo = (email: string) => t.smtp.mails.filter((m) => m.to.includes(email));

async function pendingDeletion() {
  const member = await signup(t);
  const deleted = await post('/api/delete-account.php', { reason: 'time', confirm: true, current_password: member.body.password }, { cookie: member.cookie });
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
    const answers = await Promise.all([unknown, member.body.email, deleted.body.email].map((email) => post('/api/reset-password.php', { email })));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.json()).toEqual({ sent: true });

    await t.app.background.idle();
    expect(mailsTo(unknown)).toEqual([]);
    expect(linkPath(mailsTo(member.body.email)[0]!, '/reset-password/do')).toContain('token=');
    // A reset cannot open an account pending deletion: it gets its reactivation link instead.
    expect(mailsTo(deleted.body.email)).toHaveLength(1);
    expect(linkPath(mailsTo(deleted.body.email)[0]!, '/api/reactivate.php')).toContain('token=');
  });

  it('limits unknown addresses like known ones, so the limit tells nothing either', async () => {
    const member = await signup(t);
    for (const email of [uniqueEmail('nobody'), member.body.email]) {
      for (let i = 0; i < RESET_MAILS_PER_ACCOUNT_PER_DAY; i++) expect((await post('/api/reset-password.php', { email })).statusCode).toBe(200);
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
    const answers = await Promise.all([unknown, member.body.email, deleted.body.email].map((email) => post('/api/reactivation-mail.php', { email })));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
    }
    await t.app.background.idle();
    expect(mailsTo(unknown)).toEqual([]);
    expect(mailsTo(member.body.email)).toEqual([]);
    expect(linkPath(mailsTo(deleted.body.email)[0]!, '/api/reactivate.php')).toContain('token=');
  });

  it('limits unknown addresses like known ones', async () => {
    const deleted = await pendingDeletion();
    for (const email of [uniqueEmail('nobody'), deleted.body.email]) {
      for (let i = 0; i < ACCOUNT_MAILS_PER_ACCOUNT_PER_HOUR; i++) expect((await post('/api/reactivation-mail.php', { email })).statusCode).toBe(200);
      expect(errorOf(await post('/api/reactivation-mail.php', { email })).code).toBe('too_many_mails');
    }
  });
});

describe('comparable work before the answer', () => {
  it('answers before the mail is sent: a dead mail server changes the answer for no address', async () => {
    // Nothing listens on port 1: every mail fails, after the answer, into the log.
    const dead = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const body = { email: uniqueEmail('dead'), name: 'Sanne', password: 'correct horse battery', date_of_birth: '1990-05-17', consent_terms: true };
      expect((await dead.app.inject({ method: 'POST', url: '/api/signup.php', payload: body })).statusCode).toBe(201);
      for (const url of ['/api/reset-password.php', '/api/reactivation-mail.php']) {
        const known = await dead.app.inject({ method: 'POST', url, payload: { email: body.email } });
        const unknown = await dead.app.inject({ method: 'POST', url, payload: { email: uniqueEmail('nobody') } });
        expect([known.statusCode, known.body]).toEqual([200, '{"sent":true}']);
        expect([unknown.statusCode, unknown.body]).toEqual([200, '{"sent":true}']);
      }
      await dead.app.background.idle();
    } finally {
      await dead.close();
    }
  }, 30_000);
});
