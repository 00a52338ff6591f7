import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMember, createAccountsTestApp, createSite, type AccountsTestApp } from '../test/accounts-kit';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
  await createSite(t, 'other.session.test', { name: 'Other Dating' });
});
afterAll(() => t.close());

const userOf = (cookie: string, domain = 'localhost') =>
  t.app
    .inject({ method: 'GET', url: `/api/user.php?domain=${domain}`, headers: { cookie } })
    .then((response) => response.json().user as { email: string } | null);

describe('session lookups arriving together', () => {
  it('answer each request its own member, only on the session’s own site', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => activeMember(t)));
    // Not from the per-process cache: these lookups go to the database, together (one statement
    // over arrays, plugins/session.ts), and must not be mixed up.
    for (const member of members) t.app.forgetMemberSessions(member.user.id);
    const answers = await Promise.all([
      ...members.map((member) => userOf(member.cookie)),
      userOf(members[0]!.cookie, 'other.session.test'),
      userOf('auth.session=not-a-session'),
      ...members.map((member) => userOf(member.cookie)),
    ]);
    const emails = members.map((member) => member.body.email);
    expect(answers.map((user) => user?.email ?? null)).toEqual([...emails, null, null, ...emails]);
  });
});
