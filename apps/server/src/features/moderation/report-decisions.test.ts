/**
 * Deciding reports (issue 13): each action's effect, the statement of reasons by e-mail (through a
 * real SMTP server) in the member's language, the reporter's notice, the audit entries, the
 * closing of every open report on the item, and a suspended member's refused login.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { moderationDecisions, photos, profiles } from '../../db/schema';
import { createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { moderationKit } from './test/moderation-test-kit';

describe('report decisions', () => {
  let t: AccountsTestApp;
  let kit: ReturnType<typeof moderationKit>;
  let moderator: Awaited<ReturnType<typeof kit.staff>>;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    kit = moderationKit(t);
  });
  // Staff sessions end after 30 idle minutes, and some tests move the clock by days.
  beforeEach(async () => {
    moderator = await kit.staff('moderator');
  });
  afterAll(async () => t?.close());

  it('suspends from a report: one transaction, the session ended, login refused with the end date, the statement mailed and in the app', async () => {
    const reporter = await kit.member({ name: 'Rita' });
    const reported = await kit.member({ name: 'Bram' });
    const other = await kit.member();
    const reportId = await kit.report(reporter, { profile_id: reported.profileId, reason: 'fake_profile', text: 'Pictures of a model' });
    const secondId = await kit.report(other, { profile_id: reported.profileId, reason: 'scam_spam' });

    const queue = await kit.asStaff(moderator, 'GET', '/admin/api/reports');
    expect(queue.statusCode, queue.body).toBe(200);
    const item = queue.json().reports.find((r: { id: number }) => r.id === reportId);
    expect(item).toMatchObject({
      reason: 'fake_profile',
      text: 'Pictures of a model',
      open_reports_on_item: 2,
      item: { kind: 'profile', profile: { id: reported.profileId, name: 'Bram', account: { user_id: reported.userId, status: 'active' } } },
    });
    expect(item.reporter).toMatchObject({ user_id: reporter.userId, name: 'Rita', email: reporter.body.email });
    expect(queue.json().sites).toEqual(expect.arrayContaining([expect.objectContaining({ id: 1 })]));
    // Per site: another site's queue does not show it.
    const otherSite = await kit.asStaff(moderator, 'GET', '/admin/api/reports?site_id=2');
    expect(otherSite.json().reports.some((r: { id: number }) => r.id === reportId)).toBe(false);

    const response = await kit.decide(moderator, reportId, {
      action: 'suspend',
      ground: 'fake_profile',
      facts: 'The photos are of a known model.',
      suspend_days: 7,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { decision_id: decisionId, closed_report_ids: closed } = response.json();
    expect(closed).toEqual([reportId, secondId].sort((a, b) => a - b));
    expect((await kit.reportRow(secondId)).decisionId).toBe(decisionId);

    const until = new Date(t.clock().getTime() + 7 * 86_400_000);
    expect(await kit.userOf(reported)).toMatchObject({ status: 'suspended', suspendedUntil: until });
    // The session went with the suspension, at once (the cache was told).
    const me = await t.app.inject({ url: '/api/user.php', headers: { cookie: reported.cookie } });
    expect(me.json().user).toBeNull();
    const login = await kit.login(reported);
    expect(login.statusCode).toBe(403);
    expect(errorOf(login).code).toBe('account_suspended');
    expect(errorOf(login).message).toContain('17 March 2026');

    expect(await kit.auditOf('decision', decisionId)).toEqual(['decision.suspend']);
    expect(await kit.auditOf('user', reported.userId)).toEqual(['user.suspend']);
    expect(await kit.auditOf('report', reportId)).toEqual(['report.decide']);

    await t.app.jobs.drain();
    const statement = await t.smtp.waitForMail(reported.body.email, (m) => m.subject.includes('decision about your account'));
    expect(statement.text).toContain('Hi Bram,');
    expect(statement.text).toContain('Your account is suspended until 17 March 2026');
    expect(statement.text).toContain('Ground: Fake profile or false identity');
    expect(statement.text).toContain('Facts: The photos are of a known model.');
    expect(statement.text).toContain('You can appeal this decision until 10 September 2026');
    expect(statement.links.some((l) => new URL(l).pathname.startsWith('/decision/'))).toBe(true);
    const notice = await t.smtp.waitForMail(reporter.body.email, (m) => m.subject.includes('Your report'));
    expect(notice.text).toContain('reported the profile “Bram”');
    expect(notice.text).toContain('We have taken action against the account concerned.');
    // Nothing of the member beyond what was reported: not the suspension, not the facts.
    expect(notice.text).not.toContain('known model');
    expect(notice.text).not.toContain('suspend');
    await t.smtp.waitForMail(other.body.email, (m) => m.subject.includes('Your report'));
    const [marks] = await kit.db().select().from(moderationDecisions).where(eq(moderationDecisions.id, decisionId));
    expect(marks!.statementSentAt).not.toBeNull();
    expect(marks!.reporterNotifiedAt).not.toBeNull();

    // A report already decided answers 409 and changes nothing.
    const again = await kit.decide(moderator, reportId, { action: 'dismiss', ground: 'no_breach', facts: 'x' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('report_already_decided');
  });

  it('the suspension ends by itself: the lift job, then the member logs in again', async () => {
    const reporter = await kit.member();
    const reported = await kit.member();
    const reportId = await kit.report(reporter, { profile_id: reported.profileId });
    expect(
      (await kit.decide(moderator, reportId, { action: 'suspend', ground: 'harassment', facts: 'Insults.', suspend_days: 1 })).statusCode,
    ).toBe(200);
    expect((await kit.login(reported)).statusCode).toBe(403);
    t.clock.advance(86_400_000 + 60_000);
    await t.app.jobs.runSchedules();
    await t.app.jobs.drain();
    expect(await kit.userOf(reported)).toMatchObject({ status: 'active', suspendedUntil: null });
    expect((await kit.login(reported)).statusCode).toBe(200);
  });

  it("ends an account: login refused for good, statement in the member's language (German)", async () => {
    const reporter = await kit.member();
    const reported = await kit.member({ name: 'Jonas' });
    await kit.setLanguage(reported, 'de');
    const reportId = await kit.report(reporter, { profile_id: reported.profileId, reason: 'underage' });
    const response = await kit.decide(moderator, reportId, {
      action: 'terminate',
      ground: 'underage',
      facts: 'Er hat angegeben, 16 zu sein.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await kit.userOf(reported)).status).toBe('terminated');
    const login = await kit.login(reported);
    expect(login.statusCode).toBe(403);
    expect(errorOf(login).code).toBe('account_terminated');
    await t.app.jobs.drain();
    const mail = await t.smtp.waitForMail(reported.body.email, (m) => m.subject.startsWith('Eine Entscheidung'));
    expect(mail.text).toContain('Hallo Jonas,');
    expect(mail.text).toContain('Dein Konto wurde geschlossen.');
    expect(mail.text).toContain('Grund: Nutzer unter dem Mindestalter');
    expect(mail.text).toContain('Widerspruch');
  });

  it('warns (nothing changes) and removes content: the profile text, a photo, a message', async () => {
    const reporter = await kit.member();
    const reported = await kit.member({ name: 'Pia' });
    await kit.setLanguage(reported, 'fr');
    await kit.db().update(profiles).set({ about: 'Call me on +31 6 1234 5678' }).where(eq(profiles.id, reported.profileId));

    const warnId = await kit.report(reporter, { profile_id: reported.profileId });
    expect((await kit.decide(moderator, warnId, { action: 'warn', ground: 'harassment', facts: 'Rude messages.' })).statusCode).toBe(200);
    expect((await kit.userOf(reported)).status).toBe('active');
    await t.app.jobs.drain();
    const warning = await t.smtp.waitForMail(reported.body.email, (m) => m.text.includes('avertissement'));
    expect(warning.text).toContain('Motif\u202f: Harcèlement ou comportement injurieux');

    const aboutId = await kit.report(reporter, { profile_id: reported.profileId, reason: 'other', text: 'Phone number in the text' });
    expect(
      (await kit.decide(moderator, aboutId, { action: 'remove_content', ground: 'contact_details', facts: 'A phone number.' })).statusCode,
    ).toBe(200);
    expect((await kit.profileOf(reported.profileId)).about).toBe('');
    expect(await kit.auditOf('profile', reported.profileId)).toEqual(['profile.clear_about']);

    const [photo] = await kit
      .db()
      .insert(photos)
      .values({
        profileId: reported.profileId,
        filename: 'p/x.jpg',
        thumbFilename: 'p/x-t.jpg',
        status: 'approved',
        isMain: true,
        reviewedAt: t.clock(),
      })
      .returning();
    const photoReport = await kit.report(reporter, { profile_id: reported.profileId, photo_id: photo!.id, reason: 'inappropriate_photos' });
    const shown = (await kit.asStaff(moderator, 'GET', `/admin/api/reports/${photoReport}`)).json();
    expect(shown.item).toMatchObject({ kind: 'photo', photo: { id: photo!.id, url: '/photos/p/x.jpg', status: 'approved' } });
    expect(
      (await kit.decide(moderator, photoReport, { action: 'remove_content', ground: 'nudity_or_sexual_content', facts: 'Nude photo.' }))
        .statusCode,
    ).toBe(200);
    const [after] = await kit.db().select().from(photos).where(eq(photos.id, photo!.id));
    expect(after).toMatchObject({ status: 'rejected', reviewedByStaffId: moderator.id });
    expect((await kit.profileOf(reported.profileId)).hasPhoto).toBe(false);

    const { messageId, reportId } = await kit.reportedMessage(reported, reporter, 'You are ugly');
    const messageItem = (await kit.asStaff(moderator, 'GET', `/admin/api/reports/${reportId}`)).json();
    expect(messageItem.item).toMatchObject({ kind: 'message', message: { id: messageId, text: 'You are ugly' } });
    expect(
      (await kit.decide(moderator, reportId, { action: 'remove_content', ground: 'harassment', facts: 'An insult.' })).statusCode,
    ).toBe(200);
    const chat = await t.app.inject({ url: `/api/chats.php`, headers: { cookie: reporter.cookie } });
    expect(chat.body).not.toContain('You are ugly');
    expect(await kit.auditOf('message', messageId)).toEqual(['message.remove']);
    await t.app.jobs.drain();
    const removed = await t.smtp.waitForMail(reported.body.email, (m) => m.text.includes('Nous avons supprimé un message'));
    expect(removed.text).toContain('Le message concerné\u202f: «\u202fYou are ugly\u202f»');
    const inApp = (await t.app.inject({ url: '/api/decisions.php', headers: { cookie: reported.cookie } })).json().decisions;
    expect(inApp.find((d: { content: string | null }) => d.content !== null)).toMatchObject({
      content: 'You are ugly',
      action: 'remove_content',
    });
  });

  it('a fictional profile: its content can be removed, but it cannot be suspended; a dismissal tells only the reporter', async () => {
    const reporter = await kit.member();
    const [fictional] = await kit
      .db()
      .insert(profiles)
      .values({ siteId: 1, name: 'Lola', birthDate: '1995-01-01', country: 'NL', about: 'Staff-run text', isFictional: true })
      .returning();
    const reportId = await kit.report(reporter, { profile_id: fictional!.id, reason: 'fake_profile' });
    const refused = await kit.decide(moderator, reportId, { action: 'suspend', ground: 'fake_profile', facts: 'x', suspend_days: 3 });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'fictional_profile_has_no_account',
      message: expect.stringContaining('fictional profile'),
    });
    expect((await kit.reportRow(reportId)).status).toBe('open');

    const bad = await kit.decide(moderator, reportId, { action: 'dismiss', ground: 'fake_profile', facts: 'x' });
    expect(errorOf(bad).code).toBe('ground_does_not_fit');
    const dismissed = await kit.decide(moderator, reportId, {
      action: 'dismiss',
      ground: 'no_breach',
      facts: 'It is disclosed as fictional.',
    });
    expect(dismissed.statusCode).toBe(200);
    await t.app.jobs.drain();
    const notice = await t.smtp.waitForMail(reporter.body.email, (m) => m.text.includes('so the content stays online'));
    expect(notice.text).toContain('“Lola”');
  });

  it('is refused to members and to roles without reports.decide', async () => {
    const finance = await kit.staff('finance');
    expect((await kit.asStaff(finance, 'GET', '/admin/api/reports')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/admin/api/reports' })).statusCode).toBe(401);
  });
});
