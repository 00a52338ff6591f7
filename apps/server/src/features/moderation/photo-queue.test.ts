/**
 * The photo moderation queue (issue 13) against the real app and database: the queue's order,
 * filter and paging, approving and rejecting (what other members then see, the decision with its
 * statement of reasons, the audit log), bulk calls, two moderators on one photo, a 'post' site,
 * and who may call it. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (real parallel
 * transactions there).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { PHOTO_REVIEW_MAX_DECISIONS, type TPhotoQueue, type TPhotoReviewAnswer } from '@cupido/shared/contracts/photo-moderation';
import { auditLog, moderationDecisions, photos, profiles, sites } from '../../db/schema';
import { createAccountsTestApp, createSite, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import {
  memberOn,
  profileSeenBy,
  queue,
  review,
  staffWithSession,
  uploadPhoto,
  type Member,
  type Staff,
} from './test/photo-queue-test-kit';

let t: AccountsTestApp;
let moderator: Staff;
let viewer: Member;

beforeAll(async () => {
  // The real time: uploads get the database's now(), and the queue's age is counted from the clock.
  t = await createAccountsTestApp(new Date());
  await createSite(t, 'post.localhost', { name: 'Post Dating', photoModeration: 'post' });
  moderator = await staffWithSession(t, 'moderator', 'Mona');
  viewer = await memberOn(t, 'localhost', 'Viewer');
});
afterAll(async () => {
  await t?.close();
});

const photoRow = async (id: number) => (await t.database.db.select().from(photos).where(eq(photos.id, id)))[0];
const hasPhoto = async (profileId: number) =>
  (await t.database.db.select({ v: profiles.hasPhoto }).from(profiles).where(eq(profiles.id, profileId)))[0]!.v;
const auditOf = (photoId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.itemType, 'photo'), eq(auditLog.itemId, String(photoId))));

const mainImageOf = async (member: Member) =>
  (await t.app.inject({ url: '/api/user.php', headers: { cookie: member.cookie, host: member.domain } })).json().user.profile
    .main_image as { status: string };

/** Everything waiting, over as many pages as it takes. */
async function wholeQueue(staff: Staff, query = ''): Promise<TPhotoQueue['photos']> {
  const all: TPhotoQueue['photos'] = [];
  let after: string | null = null;
  do {
    const response = await queue(t, staff, `?limit=100${query}${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const body: TPhotoQueue = response.json();
    all.push(...body.photos);
    after = body.next_after;
  } while (after);
  return all;
}

describe('GET /admin/api/photos/queue', () => {
  it('lists waiting photos oldest first with the profile beside them, per site, with its size and age, page by page', async () => {
    const anna = await memberOn(t, 'localhost', 'Anna');
    const first = await uploadPhoto(t, anna, '#aa0000');
    const second = await uploadPhoto(t, anna, '#00aa00');
    const piet = await memberOn(t, 'post.localhost', 'Piet');
    const third = await uploadPhoto(t, piet);

    const all = await wholeQueue(moderator);
    const ids = all.map((p) => p.photo_id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(third.id));
    const uploaded = all.map((p) => p.uploaded_at);
    expect([...uploaded].sort()).toEqual(uploaded);

    const [localhost] = await t.database.db.select().from(sites).where(eq(sites.domain, 'localhost'));
    const [postSite] = await t.database.db.select().from(sites).where(eq(sites.domain, 'post.localhost'));
    expect(all.find((p) => p.photo_id === first.id)).toEqual({
      photo_id: first.id,
      thumb_url: first.thumb_url,
      url: first.url,
      status: 'pending',
      is_main: true,
      uploaded_at: expect.any(String),
      profile_id: anna.profileId,
      name: 'Anna',
      age: expect.any(Number),
      is_fictional: false,
      site_id: localhost!.id,
    });
    expect(all.find((p) => p.photo_id === second.id)).toMatchObject({ is_main: false, status: 'pending' });
    expect(all.find((p) => p.photo_id === third.id)).toMatchObject({ status: 'approved', site_id: postSite!.id, name: 'Piet' });
    // The thumbnail is served where the queue says.
    expect((await t.app.inject({ url: all[0]!.thumb_url })).statusCode).toBe(200);

    // Per site: only that site's photos, and the size and age of that site's queue.
    const onPost = await queue(t, moderator, `?site_id=${postSite!.id}`);
    const postBody: TPhotoQueue = onPost.json();
    expect(postBody.photos.map((p) => p.photo_id)).toContain(third.id);
    expect(postBody.photos.every((p) => p.site_id === postSite!.id)).toBe(true);
    expect(postBody.total).toBe(postBody.photos.length);
    expect(postBody.sites).toEqual(expect.arrayContaining([{ id: postSite!.id, name: 'Post Dating', photo_moderation: 'post' }]));
    const onLocalhost: TPhotoQueue = (await queue(t, moderator, `?site_id=${localhost!.id}`)).json();
    expect(onLocalhost.photos.map((p) => p.photo_id)).not.toContain(third.id);
    expect(onLocalhost.total + postBody.total).toBe(all.length);

    const head: TPhotoQueue = (await queue(t, moderator, '?limit=1')).json();
    expect(head.total).toBe(all.length);
    expect(head.total_capped).toBe(false);
    expect(head.photos).toHaveLength(1);
    expect(head.oldest_at).toBe(all[0]!.uploaded_at);
    expect(head.oldest_age_seconds).toBeGreaterThanOrEqual(0);
    expect(head.oldest_age_seconds).toBeLessThan(600);

    // Keyset paging: pages of one follow each other without gap or repeat.
    const paged: number[] = [];
    let after: string | null = null;
    do {
      const body: TPhotoQueue = (await queue(t, moderator, `?limit=1${after ? `&after=${encodeURIComponent(after)}` : ''}`)).json();
      paged.push(...body.photos.map((p) => p.photo_id));
      after = body.next_after;
    } while (after);
    expect(paged).toEqual(ids);
  });

  it('refuses a bad cursor or page size', async () => {
    expect((await queue(t, moderator, '?limit=101')).statusCode).toBe(400);
    expect((await queue(t, moderator, '?after=yesterday')).statusCode).toBe(400);
    expect((await queue(t, moderator, '?site_id=abc')).statusCode).toBe(400);
  });
});

describe('POST /admin/api/photos/review', () => {
  it('approving shows the photo to other members (profile page, has_photo) and takes it out of the queue, with an audit entry', async () => {
    const member = await memberOn(t, 'localhost', 'Lotte');
    const photo = await uploadPhoto(t, member);
    expect((await mainImageOf(member)).status).toBe('pending');
    expect((await profileSeenBy(t, viewer, member.profileId)).photos).toEqual([]);
    expect(await hasPhoto(member.profileId)).toBe(false);

    const response = await review(t, moderator, [{ photo_id: photo.id, verdict: 'approve' }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      reviewed: [{ photo_id: photo.id, verdict: 'approve', status: 'approved', decision_id: null }],
      skipped: [],
    });

    const seen = await profileSeenBy(t, viewer, member.profileId);
    expect(seen.main_image).toBe(photo.thumb_url);
    expect(seen.photos.map((p) => p.id)).toEqual([photo.id]);
    expect(await hasPhoto(member.profileId)).toBe(true);
    expect(await photoRow(photo.id)).toMatchObject({ status: 'approved', reviewedByStaffId: moderator.id, reviewedAt: expect.any(Date) });
    expect((await wholeQueue(moderator)).map((p) => p.photo_id)).not.toContain(photo.id);

    const audit = await auditOf(photo.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      staffId: moderator.id,
      action: 'photo.approve',
      before: { status: 'pending', is_main: true },
      after: { status: 'approved' },
    });
    // The member's own view (user.php, cached per session) shows the new status at once ('active': shown).
    expect((await mainImageOf(member)).status).toBe('active');
  });

  it('rejecting hides the photo, moves the main mark to an approved photo and records the decision with its ground and facts', async () => {
    const member = await memberOn(t, 'post.localhost', 'Ruud');
    const main = await uploadPhoto(t, member, '#111111');
    const other = await uploadPhoto(t, member, '#222222');
    // A 'post' site: both are shown before anyone reviewed them.
    const before = await profileSeenBy(t, await memberOn(t, 'post.localhost', 'Vera'), member.profileId);
    expect(before.photos.map((p) => p.id)).toEqual([main.id, other.id]);

    const response = await review(t, moderator, [
      { photo_id: main.id, verdict: 'reject', reason: 'contact_details', note: 'Phone number in the corner.' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const answer: TPhotoReviewAnswer = response.json();
    expect(answer.reviewed).toEqual([{ photo_id: main.id, verdict: 'reject', status: 'rejected', decision_id: expect.any(Number) }]);

    expect(await photoRow(main.id)).toMatchObject({ status: 'rejected', isMain: false, reviewedByStaffId: moderator.id });
    expect(await photoRow(other.id)).toMatchObject({ status: 'approved', isMain: true, reviewedAt: null });
    const seer = await memberOn(t, 'post.localhost', 'Wim');
    const after = await profileSeenBy(t, seer, member.profileId);
    expect(after.photos.map((p) => p.id)).toEqual([other.id]);
    expect(after.main_image).toBe(other.thumb_url);

    const [decision] = await t.database.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.id, answer.reviewed[0]!.decision_id!));
    expect(decision).toMatchObject({
      source: 'photo_review',
      action: 'remove_content',
      ground: 'contact_details',
      userId: member.userId,
      profileId: member.profileId,
      photoId: main.id,
      decidedByStaffId: moderator.id,
    });
    expect(decision!.facts).toMatch(/contact details.*Phone number in the corner\.$/);
    // The member gets the statement of reasons by e-mail, with the facts (a job queued after the commit).
    await t.app.jobs.drain();
    const statement = await t.smtp.waitForMail(member.email, (m) => m.text.includes('Phone number in the corner.'));
    expect(statement.text).toContain('contact details');
    const audit = await auditOf(main.id);
    expect(audit.map((a) => a.action)).toEqual(['photo.reject']);
    expect(audit[0]).toMatchObject({
      before: { status: 'approved', is_main: true },
      after: { status: 'rejected', reason: 'contact_details', main_photo_now: other.id },
    });
  });

  it('rejecting the only photo clears the main mark: the profile has no photo for others', async () => {
    const member = await memberOn(t, 'post.localhost', 'Joke');
    const only = await uploadPhoto(t, member);
    expect(await hasPhoto(member.profileId)).toBe(true);
    expect((await review(t, moderator, [{ photo_id: only.id, verdict: 'reject', reason: 'nudity' }])).statusCode).toBe(200);
    expect(await photoRow(only.id)).toMatchObject({ status: 'rejected', isMain: false });
    expect(await hasPhoto(member.profileId)).toBe(false);
    // The next upload becomes the main photo again.
    const next = await uploadPhoto(t, member);
    expect(next.is_main).toBe(true);
  });

  it('carries out a bulk call with a mix of approvals, rejections and photos already reviewed, in one go', async () => {
    const member = await memberOn(t, 'localhost', 'Bram');
    const [a, b, c] = [
      await uploadPhoto(t, member, '#010101'),
      await uploadPhoto(t, member, '#020202'),
      await uploadPhoto(t, member, '#030303'),
    ];
    expect((await review(t, moderator, [{ photo_id: c.id, verdict: 'approve' }])).statusCode).toBe(200);

    const colleague = await staffWithSession(t, 'moderator', 'Colleague');
    const response = await review(t, colleague, [
      { photo_id: a.id, verdict: 'approve' },
      { photo_id: b.id, verdict: 'reject', reason: 'poor_quality' },
      { photo_id: c.id, verdict: 'reject', reason: 'nudity' },
      { photo_id: 2_000_000_000, verdict: 'approve' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const answer: TPhotoReviewAnswer = response.json();
    expect(answer.reviewed.map((r) => [r.photo_id, r.status])).toEqual([
      [a.id, 'approved'],
      [b.id, 'rejected'],
    ]);
    expect(answer.skipped).toEqual([
      { photo_id: c.id, reason: 'already_reviewed' },
      { photo_id: 2_000_000_000, reason: 'not_found' },
    ]);
    // c stays as the first reviewer left it.
    expect(await photoRow(c.id)).toMatchObject({ status: 'approved', reviewedByStaffId: moderator.id });
    expect((await auditOf(c.id)).map((e) => e.staffId)).toEqual([moderator.id]);
    const decisions = await t.database.db
      .select()
      .from(moderationDecisions)
      .where(inArray(moderationDecisions.photoId, [a.id, b.id, c.id]));
    expect(decisions.map((d) => [d.photoId, d.ground])).toEqual([[b.id, 'poor_quality_photo']]);
  });

  it('lets exactly one of two moderators review a photo when both decide at the same time', async () => {
    const member = await memberOn(t, 'localhost', 'Dirk');
    const photos = [
      await uploadPhoto(t, member, '#404040'),
      await uploadPhoto(t, member, '#505050'),
      await uploadPhoto(t, member, '#606060'),
    ];
    const other = await staffWithSession(t, 'admin', 'Other');
    for (const photo of photos) {
      const [one, two] = await Promise.all([
        review(t, moderator, [{ photo_id: photo.id, verdict: 'approve' }]),
        review(t, other, [{ photo_id: photo.id, verdict: 'reject', reason: 'not_the_member' }]),
      ]);
      expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
      const loser = one.statusCode === 409 ? one : two;
      expect(errorOf(loser)).toMatchObject({
        code: 'photo_already_reviewed',
        message: 'Another moderator has already reviewed this photo.',
      });
      const winner = one.statusCode === 200 ? moderator : other;
      expect(await photoRow(photo.id)).toMatchObject({
        reviewedByStaffId: winner.id,
        status: winner === moderator ? 'approved' : 'rejected',
      });
      expect(await auditOf(photo.id)).toHaveLength(1);
      expect(await t.database.db.$count(moderationDecisions, eq(moderationDecisions.photoId, photo.id))).toBe(winner === moderator ? 0 : 1);
    }
    // Overlapping bulk calls in opposite order: both finish (no deadlock), each photo reviewed once.
    const more = [await uploadPhoto(t, await memberOn(t), '#707070'), await uploadPhoto(t, await memberOn(t), '#808080')];
    const [x, y] = await Promise.all([
      review(
        t,
        moderator,
        more.map((p) => ({ photo_id: p.id, verdict: 'approve' as const })),
      ),
      review(
        t,
        other,
        [...more].reverse().map((p) => ({ photo_id: p.id, verdict: 'approve' as const })),
      ),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    const reviewedCount = [x, y].flatMap((r) => (r.json() as TPhotoReviewAnswer).reviewed).length;
    expect(reviewedCount).toBe(2);
    for (const photo of more) expect(await auditOf(photo.id)).toHaveLength(1);
  });

  it('answers 404 for a single photo that is gone, and refuses malformed decisions without changing anything', async () => {
    const gone = await review(t, moderator, [{ photo_id: 2_000_000_001, verdict: 'approve' }]);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).code).toBe('photo_not_found');

    const member = await memberOn(t, 'localhost', 'Eva');
    const photo = await uploadPhoto(t, member);
    const bad: Parameters<typeof review>[2][] = [
      [{ photo_id: photo.id, verdict: 'reject' }],
      [{ photo_id: photo.id, verdict: 'reject', reason: 'other' }],
      [{ photo_id: photo.id, verdict: 'approve', reason: 'nudity' }],
      [{ photo_id: photo.id, verdict: 'reject', reason: 'ugly' as never }],
      [
        { photo_id: photo.id, verdict: 'approve' },
        { photo_id: photo.id, verdict: 'approve' },
      ],
      Array.from({ length: PHOTO_REVIEW_MAX_DECISIONS + 1 }, (_, i) => ({ photo_id: photo.id + i, verdict: 'approve' as const })),
      [],
    ];
    for (const decisions of bad)
      expect((await review(t, moderator, decisions)).statusCode, JSON.stringify(decisions).slice(0, 80)).toBe(400);
    expect(await photoRow(photo.id)).toMatchObject({ status: 'pending', reviewedAt: null });
    expect(await auditOf(photo.id)).toEqual([]);
  });
});

describe("a site in 'post' mode", () => {
  it('shows a new photo at once and still queues it; approving only marks it reviewed', async () => {
    const member = await memberOn(t, 'post.localhost', 'Pim');
    const photo = await uploadPhoto(t, member);
    expect(photo.status).toBe('approved');
    const seer = await memberOn(t, 'post.localhost', 'Saar');
    expect((await profileSeenBy(t, seer, member.profileId)).main_image).toBe(photo.thumb_url);
    expect(await hasPhoto(member.profileId)).toBe(true);
    expect((await wholeQueue(moderator)).find((p) => p.photo_id === photo.id)).toMatchObject({ status: 'approved' });

    expect((await review(t, moderator, [{ photo_id: photo.id, verdict: 'approve' }])).statusCode).toBe(200);
    expect(await photoRow(photo.id)).toMatchObject({ status: 'approved', reviewedAt: expect.any(Date) });
    expect((await wholeQueue(moderator)).map((p) => p.photo_id)).not.toContain(photo.id);
    expect((await auditOf(photo.id))[0]).toMatchObject({ before: { status: 'approved' }, after: { status: 'approved' } });
  });
});

describe('who may use the queue', () => {
  it('refuses roles without photos.moderate (403) and calls without a staff session (401), before anything changes', async () => {
    const member = await memberOn(t, 'localhost', 'Guus');
    const photo = await uploadPhoto(t, member);
    for (const role of ['support', 'operator', 'finance'] as const) {
      const staff = await staffWithSession(t, role);
      expect((await queue(t, staff)).statusCode, role).toBe(403);
      const refused = await review(t, staff, [{ photo_id: photo.id, verdict: 'approve' }]);
      expect(refused.statusCode, role).toBe(403);
      expect(errorOf(refused).code).toBe('staff_forbidden');
    }
    // A member's session is no staff session.
    const asMember = await t.app.inject({
      method: 'POST',
      url: '/admin/api/photos/review',
      payload: { decisions: [{ photo_id: photo.id, verdict: 'approve' }] },
      headers: { cookie: member.cookie },
    });
    expect(asMember.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/admin/api/photos/queue' })).statusCode).toBe(401);
    expect(await photoRow(photo.id)).toMatchObject({ status: 'pending', reviewedAt: null });
    // An admin may.
    expect((await queue(t, await staffWithSession(t, 'admin'))).statusCode).toBe(200);
  });
});
