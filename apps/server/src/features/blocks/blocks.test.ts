import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { blocks } from '../../db/schema';
import type { EventOf } from '../../infra/domain-events';
import { createAccountsTestApp, errorOf, signup, type AccountsTestApp } from '../../test/accounts-kit';
import { ExistingContactSources, mayContactFirst } from '../profiles/contact';
import { activeMemberOn, addPhoto, get, insertProfile, newSite, send } from '../profiles/test/profiles-test-kit';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const block = (domain: string, profileId: unknown, cookie?: string) =>
  send(t, 'POST', `/api/block.php?domain=${domain}`, { profile_id: profileId }, cookie);
const unblock = (domain: string, profileId: unknown, cookie?: string) =>
  send(t, 'DELETE', `/api/block.php?domain=${domain}`, { profile_id: profileId }, cookie);
const searchIds = async (domain: string, cookie: string) =>
  ((await get(t, `/api/search.php?domain=${domain}`, cookie)).json().profiles as { id: number }[]).map((p) => p.id);

async function pair() {
  const site = await newSite(t);
  const blocker = await activeMemberOn(t, site.domain);
  const blocked = await activeMemberOn(t, site.domain);
  return { ...site, blocker, blocked };
}

describe('POST and DELETE /api/block.php', () => {
  it('blocks and unblocks, each as often as asked', async () => {
    const { domain, blocker, blocked } = await pair();
    for (let i = 0; i < 2; i++) {
      const response = await block(domain, blocked.profileId, blocker.cookie);
      expect(response.json()).toEqual({ profile_id: blocked.profileId, is_blocked: true });
    }
    const rows = await db().select().from(blocks).where(eq(blocks.blockerUserId, blocker.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ blockedProfileId: blocked.profileId, createdAt: new Date('2026-03-10T10:00:00Z') });
    for (let i = 0; i < 2; i++) {
      expect((await unblock(domain, blocked.profileId, blocker.cookie)).json()).toEqual({
        profile_id: blocked.profileId,
        is_blocked: false,
      });
    }
    expect(await db().$count(blocks, eq(blocks.blockerUserId, blocker.userId))).toBe(0);
  });

  it("refuses visitors, one's own profile, unknown and other sites' profiles", async () => {
    const { domain, blocker } = await pair();
    const other = await newSite(t);
    const elsewhere = await insertProfile(db(), { siteId: other.siteId });
    expect(errorOf(await block(domain, blocker.profileId)).code).toBe('authentication_required');
    const self = await block(domain, blocker.profileId, blocker.cookie);
    expect(self.statusCode).toBe(400);
    expect(errorOf(self)).toEqual({ code: 'cannot_block_self', message: 'You cannot block your own profile', field: 'profile_id' });
    for (const id of [999999, elsewhere]) {
      const response = await block(domain, id, blocker.cookie);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('profile_not_found');
      expect((await unblock(domain, id, blocker.cookie)).statusCode).toBe(404);
    }
    expect((await block(domain, 'seven', blocker.cookie)).statusCode).toBe(400);
  });

  it("hides the two from each other's search, both ways, until unblocked", async () => {
    const { domain, blocker, blocked } = await pair();
    expect(await searchIds(domain, blocker.cookie)).toContain(blocked.profileId);
    await block(domain, blocked.profileId, blocker.cookie);
    expect(await searchIds(domain, blocker.cookie)).not.toContain(blocked.profileId);
    expect(await searchIds(domain, blocked.cookie)).not.toContain(blocker.profileId);
    await unblock(domain, blocked.profileId, blocker.cookie);
    expect(await searchIds(domain, blocker.cookie)).toContain(blocked.profileId);
    expect(await searchIds(domain, blocked.cookie)).toContain(blocker.profileId);
  });

  it("shows the blocked member the no-access text instead of the blocker's profile", async () => {
    const { domain, blocker, blocked } = await pair();
    await block(domain, blocked.profileId, blocker.cookie);
    const refused = await get(t, `/api/member.php?domain=${domain}&id=${blocker.profileId}&locale=es`, blocked.cookie);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'no_access', message: 'No tienes acceso a este perfil.' });
    const english = await get(t, `/api/member.php?domain=${domain}&id=${blocker.profileId}`, blocked.cookie);
    expect(errorOf(english).message).toBe('You have no access to this profile.');

    // The blocker still sees the blocked profile, to unblock it there.
    const own = await get(t, `/api/member.php?domain=${domain}&id=${blocked.profileId}`, blocker.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().profile.is_blocked_by_me).toBe(true);

    await unblock(domain, blocked.profileId, blocker.cookie);
    expect((await get(t, `/api/member.php?domain=${domain}&id=${blocker.profileId}`, blocked.cookie)).statusCode).toBe(200);
  });

  it('leaves blocked profiles out of related profiles', async () => {
    const { domain, siteId, blocker } = await pair();
    const target = await insertProfile(db(), { siteId });
    // Bi: she looks for women too, so the two-way rule (decision 036) offers her to the blocker, a woman.
    const related = await insertProfile(db(), { siteId, sexuality: 'bi' });
    const relatedIds = async () =>
      ((await get(t, `/api/member.php?domain=${domain}&id=${target}`, blocker.cookie)).json().related as { id: number }[]).map((r) => r.id);
    expect(await relatedIds()).toContain(related);
    await block(domain, related, blocker.cookie);
    expect(await relatedIds()).not.toContain(related);
  });

  it('blocks profiles without an account too (staff-run profiles)', async () => {
    const { domain, siteId, blocker } = await pair();
    const staff = await insertProfile(db(), { siteId, isFictional: true });
    expect((await block(domain, staff, blocker.cookie)).statusCode).toBe(200);
    expect(await db().$count(blocks, and(eq(blocks.blockerUserId, blocker.userId), eq(blocks.blockedProfileId, staff)))).toBe(1);
  });
});

describe('member.blocked and member.unblocked', () => {
  // Likes and chats will handle these in the block's transaction; until they exist, a recording
  // handler (registered by this test on the app's own bus) shows what they will receive.
  const seen: EventOf<'member.blocked' | 'member.unblocked'>[] = [];
  let failNext = false;
  beforeAll(() => {
    for (const type of ['member.blocked', 'member.unblocked'] as const) {
      t.app.events.handleInTransaction(type, `blocks test: records ${type}`, async (event, tx) => {
        // Inside the block's transaction: the block row is already (or no longer) there.
        const rows = await tx
          .select()
          .from(blocks)
          .where(and(eq(blocks.blockerUserId, event.blockerUserId), eq(blocks.blockedProfileId, event.blockedProfileId)));
        if (failNext) throw new Error('handler failed');
        seen.push({ ...event, inTransaction: rows.length } as never);
      });
    }
  });

  it('publishes each once per change, inside the transaction, with both profiles', async () => {
    const { domain, blocker, blocked } = await pair();
    seen.length = 0;
    await block(domain, blocked.profileId, blocker.cookie);
    await block(domain, blocked.profileId, blocker.cookie);
    await unblock(domain, blocked.profileId, blocker.cookie);
    await unblock(domain, blocked.profileId, blocker.cookie);
    const parties = { blockerUserId: blocker.userId, blockerProfileId: blocker.profileId, blockedProfileId: blocked.profileId };
    expect(seen).toEqual([
      { type: 'member.blocked', ...parties, inTransaction: 1 },
      { type: 'member.unblocked', ...parties, inTransaction: 0 },
    ]);
  });

  it('rolls the block back when a handler fails, so no half-removed contact is left', async () => {
    const { domain, blocker, blocked } = await pair();
    failNext = true;
    try {
      expect((await block(domain, blocked.profileId, blocker.cookie)).statusCode).toBe(500);
    } finally {
      failNext = false;
    }
    expect(await db().$count(blocks, eq(blocks.blockerUserId, blocker.userId))).toBe(0);
  });
});

describe('mayContactFirst', () => {
  it('refuses contact across a block both ways, to invisible and unusable members, and to oneself', async () => {
    const { domain, siteId, blocker, blocked } = await pair();
    const third = await activeMemberOn(t, domain);
    const as = (m: { userId: number; profileId: number }) => ({ userId: m.userId, profileId: m.profileId, siteId });
    // This test's own registry: the source it adds below reaches no other test.
    const sources = new ExistingContactSources();

    expect(await mayContactFirst(db(), sources, as(blocker), blocked.profileId)).toBe(true);
    await block(domain, blocked.profileId, blocker.cookie);
    expect(await mayContactFirst(db(), sources, as(blocker), blocked.profileId)).toBe(false);
    expect(await mayContactFirst(db(), sources, as(blocked), blocker.profileId)).toBe(false);
    expect(await mayContactFirst(db(), sources, as(third), blocker.profileId)).toBe(true);

    await send(t, 'PUT', `/api/profile.php?domain=${domain}`, { invisible: true }, third.cookie);
    expect(await mayContactFirst(db(), sources, as(blocker), third.profileId)).toBe(false);
    // An invisible member may still contact others first.
    expect(await mayContactFirst(db(), sources, as(third), blocker.profileId)).toBe(true);

    const unconfirmed = await signup(t, {}, domain);
    expect(await mayContactFirst(db(), sources, as(third), unconfirmed.user.profile.id)).toBe(false);
    expect(await mayContactFirst(db(), sources, as(third), third.profileId)).toBe(false);
    expect(await mayContactFirst(db(), sources, as(third), 999999)).toBe(false);

    // Likes and chats tell profiles about existing partners (the app's sources): for them an invisible member stays reachable.
    sources.add(async (_db, viewer, targetProfileId) => viewer.profileId === blocker.profileId && targetProfileId === third.profileId);
    expect(await mayContactFirst(db(), sources, as(blocker), third.profileId)).toBe(true);
    expect(await mayContactFirst(db(), sources, as(blocked), third.profileId)).toBe(false);
  });
});

describe('GET /api/blocks.php', () => {
  it("lists the member's own blocks, newest first, with name, thumbnail and date, until unblocked", async () => {
    const { domain, blocker, blocked } = await pair();
    const second = await activeMemberOn(t, domain);
    await addPhoto(db(), second.profileId, { thumbFilename: 'ab/second-thumb.jpg' });
    const pending = await activeMemberOn(t, domain);
    await addPhoto(db(), pending.profileId, { status: 'pending' });
    await block(domain, blocked.profileId, blocker.cookie);
    t.clock.advance(60_000);
    const secondAt = t.clock().toISOString();
    await block(domain, second.profileId, blocker.cookie);
    await block(domain, blocker.profileId, pending.cookie); // someone blocking the member is not in their list
    const list = (await get(t, `/api/blocks.php?domain=${domain}`, blocker.cookie)).json().blocks;
    expect(list).toEqual([
      {
        profile_id: second.profileId,
        name: expect.any(String),
        main_image: expect.stringMatching(/ab\/second-thumb\.jpg$/),
        blocked_at: secondAt,
      },
      { profile_id: blocked.profileId, name: expect.any(String), main_image: null, blocked_at: expect.any(String) },
    ]);
    await unblock(domain, second.profileId, blocker.cookie);
    expect(
      (await get(t, `/api/blocks.php?domain=${domain}`, blocker.cookie)).json().blocks.map((b: { profile_id: number }) => b.profile_id),
    ).toEqual([blocked.profileId]);
    expect(
      (await get(t, `/api/blocks.php?domain=${domain}`, pending.cookie)).json().blocks.map((b: { profile_id: number }) => b.profile_id),
    ).toEqual([blocker.profileId]);
  });

  it('is for members only', async () => {
    const { domain } = await pair();
    const response = await get(t, `/api/blocks.php?domain=${domain}`);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('authentication_required');
  });
});
