/**
 * The member's side of decisions (issue 13): the statement of reasons in the app, one appeal per
 * decision within six months (logged in, or from the e-mail's signed link while suspended), and
 * the appeal decided by a different staff member; 'reversed' lifts the suspension and tells the
 * member by e-mail. Also the retry of a statement whose first sending did not happen.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appeals, moderationDecisions } from '../../db/schema';
import { createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { moderationKit, type Member } from './test/moderation-test-kit';

describe('appeals', () => {
  let t: AccountsTestApp;
  let kit: ReturnType<typeof moderationKit>;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    kit = moderationKit(t);
  });
  afterAll(async () => t?.close());

  async function decided(reported: Member, body: Record<string, unknown>) {
    const moderator = await kit.staff('moderator');
    const reporter = await kit.member();
    const reportId = await kit.report(reporter, { profile_id: reported.profileId });
    const response = await kit.decide(moderator, reportId, body);
    expect(response.statusCode, response.body).toBe(200);
    return { moderator, decisionId: response.json().decision_id as number };
  }
  const appeal = (m: Member, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/appeal.php', headers: { cookie: m.cookie }, payload: body });

  it('shows the statement in the app and takes one appeal per decision, own decisions only, within six months', async () => {
    const member = await kit.member();
    const stranger = await kit.member();
    const { decisionId } = await decided(member, { action: 'warn', ground: 'scam_spam', facts: 'Asked for money.' });

    const list = await t.app.inject({ url: '/api/decisions.php', headers: { cookie: member.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().decisions).toEqual([
      expect.objectContaining({
        id: decisionId,
        action: 'warn',
        ground: 'Scam or spam',
        facts: 'Asked for money.',
        can_appeal: true,
        appeal: null,
        appeal_until: '2026-09-10T10:00:00.000Z',
      }),
    ]);
    expect((await t.app.inject({ url: '/api/decisions.php', headers: { cookie: stranger.cookie } })).json().decisions).toEqual([]);

    expect(errorOf(await appeal(stranger, { decision_id: decisionId, text: 'Not me' })).code).toBe('decision_not_found');
    const empty = await appeal(member, { decision_id: decisionId, text: '   ' });
    expect([empty.statusCode, errorOf(empty).code, errorOf(empty).field]).toEqual([400, 'appeal_text_required', 'text']);
    const filed = await appeal(member, { decision_id: decisionId, text: 'It was a joke between friends.' });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json().status).toBe('open');
    const twice = await appeal(member, { decision_id: decisionId, text: 'Again' });
    expect([twice.statusCode, errorOf(twice).code]).toEqual([409, 'appeal_already_filed']);
    const after = (await t.app.inject({ url: '/api/decisions.php', headers: { cookie: member.cookie } })).json().decisions[0];
    expect(after).toMatchObject({ can_appeal: false, appeal: { status: 'open', outcome: null } });

    const late = await kit.member();
    const { decisionId: lateDecision } = await decided(late, { action: 'warn', ground: 'harassment', facts: 'x' });
    t.clock.advance(185 * 86_400_000);
    // Sessions do not last six months: log in again.
    const login = await kit.login(late);
    const cookie = `auth.session=${login.cookies.find((c) => c.name === 'auth.session')!.value}`;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/appeal.php',
      headers: { cookie },
      payload: { decision_id: lateDecision, text: 'Too late?' },
    });
    expect([refused.statusCode, errorOf(refused).code]).toEqual([403, 'appeal_window_closed']);
  });

  it('a suspended member appeals from the e-mail link; the first decider may not decide it, another reverses it and the account is active again', async () => {
    const member = await kit.member({ name: 'Noor' });
    await kit.setLanguage(member, 'nl');
    const { moderator, decisionId } = await decided(member, {
      action: 'suspend',
      ground: 'harassment',
      facts: 'Threats.',
      suspend_days: 30,
    });
    expect((await kit.login(member)).statusCode).toBe(403);
    await t.app.jobs.drain();
    const mail = await t.smtp.waitForMail(member.body.email, (m) => m.subject.includes('besluit over je account'));
    expect(mail.text).toContain('Je account is geschorst tot');
    const token = new URL(mail.links.find((l) => l.includes('/decision/'))!).pathname.slice('/decision/'.length);

    const tampered = await t.app.inject({
      url: `/api/decision-link.php?token=${encodeURIComponent(token.replace(/^(\d+)-(\d+)-/, '$1-999999-'))}`,
    });
    expect(tampered.statusCode).toBe(404);
    const shown = await t.app.inject({ url: `/api/decision-link.php?token=${encodeURIComponent(token)}` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().decision).toMatchObject({ id: decisionId, action: 'suspend', can_appeal: true });
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/decision-link.php',
      payload: { token, text: 'I never threatened anyone.' },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/decision-link.php', payload: { token, text: 'Once more' } });
    expect(again.statusCode).toBe(409);
    const [row] = await kit.db().select().from(appeals).where(eq(appeals.decisionId, decisionId));

    const queue = await kit.asStaff(moderator, 'GET', '/admin/api/appeals');
    expect(queue.json().appeals.find((a: { id: number }) => a.id === row!.id)).toMatchObject({
      text: 'I never threatened anyone.',
      decision: { id: decisionId, decided_by_me: true },
    });
    const own = await kit.asStaff(moderator, 'POST', `/admin/api/appeals/${row!.id}/decision`, { outcome: 'reversed', note: 'My mistake' });
    expect([own.statusCode, errorOf(own).code]).toEqual([403, 'appeal_own_decision']);
    expect((await kit.userOf(member)).status).toBe('suspended');

    const colleague = await kit.staff('moderator');
    const reversed = await kit.asStaff(colleague, 'POST', `/admin/api/appeals/${row!.id}/decision`, {
      outcome: 'reversed',
      note: 'The messages were quoted out of context.',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(await kit.userOf(member)).toMatchObject({ status: 'active', suspendedUntil: null });
    expect(await kit.auditOf('appeal', row!.id)).toEqual(['appeal.reversed']);
    expect(await kit.auditOf('user', member.userId)).toEqual(['user.suspend', 'user.lift']);
    expect((await kit.login(member)).statusCode).toBe(200);
    await t.app.jobs.drain();
    const outcome = await t.smtp.waitForMail(member.body.email, (m) => m.subject.includes('Je bezwaar'));
    expect(outcome.text).toContain('We hebben het besluit teruggedraaid.');
    expect(outcome.text).toContain('Je account is weer actief');
    expect(outcome.text).toContain('quoted out of context');
    const decidedTwice = await kit.asStaff(colleague, 'POST', `/admin/api/appeals/${row!.id}/decision`, { outcome: 'upheld', note: 'x' });
    expect(decidedTwice.statusCode).toBe(409);
  });

  it('a statement not sent with its decision is sent by the retry job', async () => {
    const member = await kit.member();
    const { decisionId } = await decided(member, { action: 'warn', ground: 'contact_details', facts: 'Phone number in a message.' });
    // As if the process died before the notice job ran: the job is gone, the outbox mark is empty.
    await t.app.jobs.drain();
    t.smtp.clear();
    await kit.db().update(moderationDecisions).set({ statementSentAt: null }).where(eq(moderationDecisions.id, decisionId));
    t.clock.advance(11 * 60_000);
    await t.app.jobs.runSchedules();
    await t.app.jobs.drain();
    const mail = await t.smtp.waitForMail(member.body.email, (m) => m.text.includes('Phone number in a message.'));
    expect(mail.text).toContain('This is a warning about your account.');
    const [row] = await kit.db().select().from(moderationDecisions).where(eq(moderationDecisions.id, decisionId));
    expect(row!.statementSentAt).not.toBeNull();
  });
});
