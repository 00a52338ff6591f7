import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reports } from '../../db/schema';
import { createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { activeMemberOn, addPhoto, get, insertProfile, newSite } from '../profiles/test/profiles-test-kit';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const report = (domain: string, body: Record<string, unknown>, cookie?: string, locale?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/report.php?domain=${domain}${locale ? `&locale=${locale}` : ''}`,
    payload: body,
    headers: cookie ? { cookie } : {},
  });

async function pair() {
  const site = await newSite(t);
  const reporter = await activeMemberOn(t, site.domain);
  const reported = await activeMemberOn(t, site.domain);
  return { ...site, reporter, reported };
}

describe('POST /api/report.php', () => {
  it('stores an open report for moderation and acknowledges it', async () => {
    const { domain, reporter, reported } = await pair();
    const response = await report(
      domain,
      { profile_id: reported.profileId, reason: 'fake_profile', text: '  Photos are of a model  ', good_faith: true },
      reporter.cookie,
    );
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      report_id: expect.any(Number),
      status: 'open',
      message: 'Thanks, we received your report and will review it.',
    });
    const [row] = await db().select().from(reports).where(eq(reports.id, answer.report_id));
    expect(row).toMatchObject({
      reporterUserId: reporter.userId,
      reportedProfileId: reported.profileId,
      photoId: null,
      reason: 'fake_profile',
      text: 'Photos are of a model',
      goodFaith: true,
      status: 'open',
      createdAt: new Date('2026-03-10T10:00:00Z'),
    });
  });

  it('answers a repeat while the first report is open, and accepts a new one once it is closed', async () => {
    const { domain, reporter, reported } = await pair();
    const body = { profile_id: reported.profileId, reason: 'scam_spam', good_faith: true };
    const first = (await report(domain, body, reporter.cookie)).json();
    const repeat = await report(domain, { ...body, reason: 'harassment' }, reporter.cookie);
    expect(repeat.statusCode).toBe(409);
    expect(errorOf(repeat)).toEqual({
      code: 'report_already_open',
      message: 'You have already reported this profile. We are reviewing your report.',
    });
    expect(await db().$count(reports, eq(reports.reporterUserId, reporter.userId))).toBe(1);
    await db().update(reports).set({ status: 'closed' }).where(eq(reports.id, first.report_id));
    expect((await report(domain, body, reporter.cookie)).statusCode).toBe(200);
  });

  it("records the photo when the report is about one of the profile's photos, and refuses another profile's photo", async () => {
    const { domain, reporter, reported } = await pair();
    const photo = await addPhoto(db(), reported.profileId);
    const elsewhere = await addPhoto(db(), reporter.profileId);
    const wrong = await report(
      domain,
      { profile_id: reported.profileId, photo_id: elsewhere, reason: 'inappropriate_photos', good_faith: true },
      reporter.cookie,
    );
    expect(wrong.statusCode).toBe(404);
    expect(errorOf(wrong)).toMatchObject({ code: 'photo_not_found', field: 'photo_id' });
    const answer = (
      await report(
        domain,
        { profile_id: reported.profileId, photo_id: photo, reason: 'inappropriate_photos', good_faith: true },
        reporter.cookie,
      )
    ).json();
    const [row] = await db().select().from(reports).where(eq(reports.id, answer.report_id));
    expect(row!.photoId).toBe(photo);
  });

  it("refuses visitors, one's own profile, unknown and other sites' profiles", async () => {
    const { domain, reporter } = await pair();
    const other = await newSite(t);
    const elsewhere = await insertProfile(db(), { siteId: other.siteId });
    const visitor = await report(domain, { profile_id: reporter.profileId, reason: 'other', text: 'x', good_faith: true });
    expect(visitor.statusCode).toBe(403);
    expect(errorOf(visitor).code).toBe('authentication_required');
    const self = await report(domain, { profile_id: reporter.profileId, reason: 'fake_profile', good_faith: true }, reporter.cookie);
    expect(self.statusCode).toBe(400);
    expect(errorOf(self)).toEqual({ code: 'cannot_report_self', message: 'You cannot report your own profile', field: 'profile_id' });
    for (const id of [999999, elsewhere]) {
      const response = await report(domain, { profile_id: id, reason: 'fake_profile', good_faith: true }, reporter.cookie);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('profile_not_found');
    }
    expect(await db().$count(reports, eq(reports.reporterUserId, reporter.userId))).toBe(0);
  });

  it("asks for a text with reason other, at most 1000 characters, and the good-faith statement, in the member's language", async () => {
    const { domain, reporter, reported } = await pair();
    const base = { profile_id: reported.profileId, good_faith: true };
    const noText = await report(domain, { ...base, reason: 'other', text: '   ' }, reporter.cookie);
    expect(noText.statusCode).toBe(400);
    expect(errorOf(noText)).toEqual({ code: 'report_text_required', message: 'Please describe what is wrong', field: 'text' });
    const long = await report(domain, { ...base, reason: 'other', text: 'x'.repeat(1001) }, reporter.cookie, 'nl');
    expect(errorOf(long)).toEqual({ code: 'report_text_too_long', message: 'Houd je beschrijving op maximaal 1000 tekens', field: 'text' });
    const noFaith = await report(domain, { ...base, reason: 'underage', good_faith: false }, reporter.cookie, 'de');
    expect(errorOf(noFaith)).toMatchObject({ code: 'report_good_faith_required', field: 'good_faith' });
    expect(errorOf(noFaith).message).toContain('gutem Glauben');
    for (const body of [
      { ...base, reason: 'boring' },
      { ...base, reason: 'other', text: 'x', good_faith: 'yes' },
      { reason: 'other', text: 'x', good_faith: true },
    ]) {
      expect((await report(domain, body, reporter.cookie)).statusCode).toBe(400);
    }
    expect(await db().$count(reports, eq(reports.reporterUserId, reporter.userId))).toBe(0);
    expect((await report(domain, { ...base, reason: 'other', text: 'x'.repeat(1000) }, reporter.cookie)).statusCode).toBe(200);
  });

  it('is described in the OpenAPI document', async () => {
    const response = await get(t, '/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    expect(paths['/api/report.php'].post.requestBody).toBeTruthy();
    expect(paths['/api/blocks.php'].get).toBeTruthy();
  });
});
