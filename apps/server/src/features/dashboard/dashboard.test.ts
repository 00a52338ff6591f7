/**
 * The dashboard (issue 13) on real rows: members sign up and activate through the API on two
 * sites, like and write to each other, and use the site (member_active_days); the figures per
 * UTC day, the site filter, the queues and the period's bounds are checked against them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZDashboardAnswer, type TDashboardAnswer } from '@cupido/shared/contracts/dashboard';
import { memberActiveDays, reports } from '../../db/schema';
import { createAccountsTestApp, signup, type AccountsTestApp } from '../../test/accounts-kit';
import { addPhoto, get, send } from '../profiles/test/profiles-test-kit';
import { chatKit, type Member } from '../chats/test/chats-test-kit';
import { activeDayRecorder } from '../accounts/active-days';
import { staffGet, staffMember, type TestStaff } from '../audit/test/audit-test-kit';

let t: AccountsTestApp;
let kit: ReturnType<typeof chatKit>;
let moderator: TestStaff;
let siteA: { domain: string; siteId: number; members: Member[] };
let siteB: { domain: string; siteId: number; members: Member[] };

const DAY1 = new Date('2026-03-08T10:00:00Z');
const DAY2 = new Date('2026-03-09T12:00:00Z');

async function activeRows(userId: number) {
  return t.database.db.select().from(memberActiveDays).where(eq(memberActiveDays.userId, userId));
}

async function dashboard(query: string): Promise<TDashboardAnswer> {
  const response = await staffGet(t, moderator, `/admin/api/dashboard${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ZDashboardAnswer.parse(response.json());
}

beforeAll(async () => {
  t = await createAccountsTestApp(DAY1);
  kit = chatKit(t);
  moderator = await staffMember(t, 'moderator', DAY1);
  // Day 1: two members on site A, one on site B, all activated.
  siteA = await kit.siteWith(2);
  siteB = await kit.siteWith(1);
  // Day 2: one more signup on A, not activated; Anna likes Ben, both write once; Cleo (B) looks around.
  t.clock.set(DAY2);
  await signup(t, {}, siteA.domain);
  const [anna, ben] = siteA.members as [Member, Member];
  const like = await send(t, 'POST', `/api/like.php?domain=${siteA.domain}`, { profile_id: ben.profileId }, anna.cookie);
  expect(like.statusCode, like.body).toBe(200);
  await kit.sent(siteA.domain, anna.cookie, ben.profileId, 'Hello Ben');
  await kit.sent(siteA.domain, ben.cookie, anna.profileId, 'Hello Anna');
  const cleo = siteB.members[0]!;
  expect((await get(t, `/api/user.php?domain=${siteB.domain}`, cleo.cookie)).statusCode).toBe(200);
  expect((await get(t, `/api/user.php?domain=${siteB.domain}`, cleo.cookie)).statusCode).toBe(200);
  // The active-day inserts run beside the requests: wait for them.
  await vi.waitFor(async () => {
    for (const member of [anna, ben, cleo]) expect((await activeRows(member.userId)).some((r) => r.day === '2026-03-09')).toBe(true);
  });
  moderator = await staffMember(t, 'moderator', DAY2);
});
afterAll(() => t.close());

describe('dashboard figures', () => {
  it('counts signups, activations, active members, likes, messages and credits per day of one site, 0 on quiet days', async () => {
    const a = await dashboard(`?site_id=${siteA.siteId}&from=2026-03-07&to=2026-03-10`);
    expect(a.days).toEqual(['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    expect(a.series.signups).toEqual([0, 2, 1, 0]);
    expect(a.series.activations).toEqual([0, 2, 0, 0]);
    expect(a.series.active_members[2]).toBe(2);
    expect(a.series.active_members[3]).toBe(0);
    expect(a.series.likes).toEqual([0, 0, 1, 0]);
    expect(a.series.messages).toEqual([0, 0, 2, 0]);
    expect(a.series.credits_spent).toEqual([0, 0, 20, 0]);

    const b = await dashboard(`?site_id=${siteB.siteId}&from=2026-03-07&to=2026-03-10`);
    expect(b.series.signups).toEqual([0, 1, 0, 0]);
    expect(b.series.active_members[2]).toBe(1);
    expect(b.series.likes).toEqual([0, 0, 0, 0]);
    expect(b.series.messages).toEqual([0, 0, 0, 0]);
    expect(b.series.credits_spent).toEqual([0, 0, 0, 0]);

    const all = await dashboard('?from=2026-03-07&to=2026-03-10');
    expect(all.site_id).toBeNull();
    expect(all.series.signups).toEqual([0, 3, 1, 0]);
    expect(all.series.active_members[2]).toBe(3);
    expect(all.sites.map((s) => s.id)).toEqual(expect.arrayContaining([siteA.siteId, siteB.siteId]));
  });

  it('records one active day per member and day, whatever the number of requests or processes', async () => {
    const cleo = siteB.members[0]!;
    expect((await activeRows(cleo.userId)).filter((r) => r.day === '2026-03-09')).toHaveLength(1);
    // A second process's recorder (its own memory) writes the same member-day: the primary key keeps one row.
    const errors: unknown[] = [];
    const other = activeDayRecorder(t.database.db, (e) => errors.push(e));
    other.seen(cleo.userId, siteB.siteId, DAY2);
    other.seen(cleo.userId, siteB.siteId, new Date('2026-03-10T08:00:00Z'));
    await vi.waitFor(async () => expect((await activeRows(cleo.userId)).map((r) => r.day)).toContain('2026-03-10'));
    expect((await activeRows(cleo.userId)).filter((r) => r.day === '2026-03-09')).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('records the member-days of members seen at the same moment, each once (one statement for all of them)', async () => {
    const members = [...siteA.members, ...siteB.members];
    const errors: unknown[] = [];
    const recorder = activeDayRecorder(t.database.db, (e) => errors.push(e));
    const day = new Date('2026-03-12T00:00:01Z');
    for (const member of members) recorder.seen(member.userId, siteA.members.includes(member) ? siteA.siteId : siteB.siteId, day);
    for (const member of members) recorder.seen(member.userId, siteA.members.includes(member) ? siteA.siteId : siteB.siteId, day);
    await vi.waitFor(async () => {
      for (const member of members) expect((await activeRows(member.userId)).filter((r) => r.day === '2026-03-12')).toHaveLength(1);
    });
    expect(errors).toEqual([]);
  });

  it('shows the queues of the site: waiting photos, open reports, with the oldest one', async () => {
    const [anna, ben] = siteA.members as [Member, Member];
    const oldest = new Date('2026-03-09T08:00:00Z');
    await addPhoto(t.database.db, anna.profileId, { status: 'pending', isMain: false, createdAt: oldest });
    await addPhoto(t.database.db, anna.profileId, { status: 'pending', isMain: false, createdAt: DAY2 });
    await t.database.db
      .insert(reports)
      .values({ reporterUserId: anna.userId, reportedProfileId: ben.profileId, reason: 'scam_spam', goodFaith: true, createdAt: DAY2 });
    const a = await dashboard(`?site_id=${siteA.siteId}`);
    expect(a.queues.photos).toEqual({ count: 2, oldest_at: oldest.toISOString() });
    expect(a.queues.reports).toEqual({ count: 1, oldest_at: DAY2.toISOString() });
    expect(a.queues.appeals).toEqual({ count: 0, oldest_at: null });
    const b = await dashboard(`?site_id=${siteB.siteId}`);
    expect(b.queues.photos.count).toBe(0);
    expect(b.queues.reports).toEqual({ count: 0, oldest_at: null });
  });

  it('defaults to the last 30 days and refuses a reversed or too long period', async () => {
    const recent = await dashboard('');
    expect(recent.days).toHaveLength(30);
    expect(recent.to).toBe('2026-03-09');
    expect(recent.from).toBe('2026-02-08');
    const fromOnly = await dashboard('?from=2026-01-01');
    expect([fromOnly.from, fromOnly.to]).toEqual(['2026-01-01', '2026-01-30']);
    const year = await dashboard('?from=2024-01-01&to=2024-12-31');
    expect(year.days).toHaveLength(366);

    const reversed = await staffGet(t, moderator, '/admin/api/dashboard?from=2026-03-09&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error).toMatchObject({ code: 'period_reversed', message: 'The period ends before it starts.' });
    const tooLong = await staffGet(t, moderator, '/admin/api/dashboard?from=2024-01-01&to=2025-01-01');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatchObject({ code: 'period_too_long', message: 'Choose a period of at most 366 days.' });
    expect((await staffGet(t, moderator, '/admin/api/dashboard?from=2026-02-30')).statusCode).toBe(400);
    expect((await staffGet(t, moderator, '/admin/api/dashboard?site_id=999999')).statusCode).toBe(404);
  });

  it('is for staff only', async () => {
    expect((await staffGet(t, null, '/admin/api/dashboard')).statusCode).toBe(401);
    const member = siteA.members[0]!;
    expect((await t.app.inject({ url: '/admin/api/dashboard', headers: { cookie: member.cookie } })).statusCode).toBe(401);
  });
});
