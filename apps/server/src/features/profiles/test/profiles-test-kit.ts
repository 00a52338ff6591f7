/** Test helpers for profiles, search and blocks: profiles and photos straight into the database. */
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../../../db/open';
import { photos, profiles, sites } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { createSite, linkPath, signup, type AccountsTestApp } from '../../../test/accounts-kit';

export async function siteIdOf(db: Database, domain = 'localhost'): Promise<number> {
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.domain, domain));
  return site!.id;
}

let counter = 0;

/** A profile without an account (like a seeded or staff-run one): always usable. */
export async function insertProfile(db: Database, values: Partial<typeof profiles.$inferInsert> & { siteId: number }): Promise<number> {
  counter += 1;
  const [row] = await db
    .insert(profiles)
    .values({
      name: `Profile ${counter}`,
      gender: 'female',
      sexuality: 'hetero',
      birthDate: '1990-06-15',
      country: 'GB',
      region: 'LND',
      city: 'London',
      ...values,
    })
    .returning({ id: profiles.id });
  return row!.id;
}

export async function addPhoto(db: Database, profileId: number, values: Partial<typeof photos.$inferInsert> = {}): Promise<number> {
  counter += 1;
  const [row] = await db
    .insert(photos)
    .values({
      profileId,
      filename: `p/${counter}.jpg`,
      thumbFilename: `p/${counter}-thumb.jpg`,
      status: 'approved',
      isMain: true,
      ...values,
    })
    .returning({ id: photos.id });
  return row!.id;
}

export function get(t: TestApp, url: string, cookie?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

export function send(t: TestApp, method: 'PUT' | 'POST' | 'DELETE', url: string, payload: unknown, cookie?: string) {
  return t.app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });
}

/** A member of the site at `domain`: signed up and activated there. */
export async function activeMemberOn(t: AccountsTestApp, domain: string, overrides: Record<string, unknown> = {}) {
  const member = await signup(t, overrides, domain);
  const activation = await t.app.inject({
    method: 'GET',
    url: `${linkPath(member.mail, '/api/activate.php')}&domain=${domain}`,
    headers: { cookie: member.cookie },
  });
  expect(activation.headers.location).toBe('/activate/done');
  return { ...member, profileId: member.user.profile.id as number, userId: member.user.id as number };
}

let siteCounter = 0;
/** A new site (a copy of localhost with these settings) and its id. */
export async function newSite(t: TestApp, overrides: Parameters<typeof createSite>[2] = {}) {
  siteCounter += 1;
  const domain = `site${siteCounter}.profiles.test`;
  await createSite(t, domain, overrides);
  return { domain, siteId: await siteIdOf(t.database.db, domain) };
}
