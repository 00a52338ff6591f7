/**
 * The daily limit across a change of time zone (issue 27, finding 8; decision 027). A Like counts
 * until the end of the local day it was given in, in the zone the member had then, and every Like
 * given in the member's current local day counts too: changing zone never opens a fresh day
 * before the old one ends. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_DAILY_LIKES } from '@cupido/shared/rules/likes';
import { ZLikeAnswer } from '@cupido/shared/contracts/likes';
import { createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { activeMemberOn, insertProfile, newSite, send } from '../profiles/test/profiles-test-kit';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof activeMemberOn>>;

const like = (domain: string, profileId: number, cookie: string) =>
  send(t, 'POST', `/api/like.php?domain=${domain}`, { profile_id: profileId }, cookie);
const unlike = (domain: string, profileId: number, cookie: string) =>
  send(t, 'DELETE', `/api/like.php?domain=${domain}`, { profile_id: profileId }, cookie);
const setZone = async (domain: string, cookie: string, timeZone: string) => {
  const response = await send(t, 'PUT', `/api/user.php?domain=${domain}`, { time_zone: timeZone }, cookie);
  expect(response.statusCode, response.body).toBe(200);
};
const likesLeftAfter = async (domain: string, profileId: number, cookie: string) => {
  const response = await like(domain, profileId, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZLikeAnswer.parse(response.json()).likes_left;
};

/** A member of a new London site and enough profiles (without accounts) to like. */
async function memberWithTargets(count: number): Promise<{ domain: string; member: Member; ids: number[] }> {
  const { domain, siteId } = await newSite(t, { timeZone: 'Europe/London' });
  const member = await activeMemberOn(t, domain);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(await insertProfile(t.database.db, { siteId }));
  return { domain, member, ids };
}

async function useUpTheDay(domain: string, member: Member, ids: number[]) {
  for (let i = 0; i < FREE_DAILY_LIKES; i++) expect(await likesLeftAfter(domain, ids[i]!, member.cookie)).toBe(FREE_DAILY_LIKES - 1 - i);
}

describe('the daily limit when the member changes time zone', () => {
  it('refuses the next like after moving east at 23:00 UTC, when Paris has begun a new day', async () => {
    // November: London is UTC+0, Paris UTC+1, so 23:00 UTC is midnight in Paris.
    t.clock.set(new Date('2026-11-27T22:59:00Z'));
    const { domain, member, ids } = await memberWithTargets(FREE_DAILY_LIKES + 2);
    await setZone(domain, member.cookie, 'Europe/London');
    await useUpTheDay(domain, member, ids);

    t.clock.set(new Date('2026-11-27T23:00:00Z'));
    await setZone(domain, member.cookie, 'Europe/Paris');
    const refused = await like(domain, ids[FREE_DAILY_LIKES]!, member.cookie);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(errorOf(refused).code).toBe('like_limit_reached');
    // Every answer that tells the Likes left agrees with the refusal.
    const unliked = await unlike(domain, ids[0]!, member.cookie);
    expect(unliked.json()).toMatchObject({ likes_left: 0 });

    // London's day, in which those Likes were given, ends at midnight UTC: then Paris' day counts.
    t.clock.set(new Date('2026-11-28T00:00:00Z'));
    expect(await likesLeftAfter(domain, ids[FREE_DAILY_LIKES]!, member.cookie)).toBe(FREE_DAILY_LIKES - 1);
  });

  it("refuses the next like after moving west: the Likes given in Paris count until Paris' midnight", async () => {
    t.clock.set(new Date('2026-11-27T23:30:00Z'));
    const { domain, member, ids } = await memberWithTargets(FREE_DAILY_LIKES + 2);
    await setZone(domain, member.cookie, 'Europe/Paris');
    await useUpTheDay(domain, member, ids);

    await setZone(domain, member.cookie, 'Europe/London');
    // A new London day begins at midnight UTC, but the Paris day of those Likes still runs.
    t.clock.set(new Date('2026-11-28T00:30:00Z'));
    expect(errorOf(await like(domain, ids[FREE_DAILY_LIKES]!, member.cookie)).code).toBe('like_limit_reached');
    t.clock.set(new Date('2026-11-28T23:00:00Z'));
    expect(await likesLeftAfter(domain, ids[FREE_DAILY_LIKES]!, member.cookie)).toBe(FREE_DAILY_LIKES - 1);
  });

  it('gives no extra Likes by hopping to the zone whose midnight comes next, hour after hour', async () => {
    // Likes given in Paris at 22:30 UTC end their day at 23:00 UTC. Moving then to London, whose
    // day began at midnight UTC, keeps them counted: they were given in London's current day.
    t.clock.set(new Date('2026-11-27T22:30:00Z'));
    const { domain, member, ids } = await memberWithTargets(FREE_DAILY_LIKES + 2);
    await setZone(domain, member.cookie, 'Europe/Paris');
    await useUpTheDay(domain, member, ids);
    t.clock.set(new Date('2026-11-27T23:30:00Z'));
    await setZone(domain, member.cookie, 'Europe/London');
    expect(errorOf(await like(domain, ids[FREE_DAILY_LIKES]!, member.cookie)).code).toBe('like_limit_reached');
  });

  it('changes nothing for a member who stays in one zone: four a day, new ones at local midnight', async () => {
    t.clock.set(new Date('2026-11-27T23:30:00Z'));
    const { domain, member, ids } = await memberWithTargets(FREE_DAILY_LIKES + 2);
    await setZone(domain, member.cookie, 'Europe/Paris');
    await useUpTheDay(domain, member, ids);
    expect(errorOf(await like(domain, ids[FREE_DAILY_LIKES]!, member.cookie)).code).toBe('like_limit_reached');
    t.clock.set(new Date('2026-11-28T23:00:00Z'));
    expect(await likesLeftAfter(domain, ids[FREE_DAILY_LIKES]!, member.cookie)).toBe(FREE_DAILY_LIKES - 1);
  });
});
