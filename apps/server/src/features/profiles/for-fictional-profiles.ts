/**
 * The profiles side of the fictional profiles staff run (issue 13; features/fictional-profiles
 * calls these inside its transactions). Every write here is on a row with is_fictional = true,
 * and only such rows are found: a member's profile is "not found" to these functions, and there
 * is no function that changes is_fictional. No account is ever created for these profiles.
 */
import { and, asc, count, eq, ilike } from 'drizzle-orm';
import { ageOn } from '@cupido/shared/rules/accounts';
import type { TFictionalProfileCreate, TFictionalProfileUpdate } from '@cupido/shared/contracts/fictional-profiles';
import type { Database } from '../../db/open';
import { profileInterests, profiles } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';
import { AppError } from '../../errors';
import type { Site } from '../sites/service';
import { interestsOf } from './service';
import { validateProfileUpdate, type ProfileChanges } from './validation';

export type FictionalProfileRow = typeof profiles.$inferSelect;

export const fictionalProfileNotFound = () => new AppError(404, 'profile_not_found', 'staff.fictional.errors.not_found');

const fictional = (id: number) => and(eq(profiles.id, id), eq(profiles.isFictional, true));

function validate(
  input: TFictionalProfileUpdate,
  site: Site,
  now: Date,
  current: Pick<FictionalProfileRow, 'country' | 'region'>,
): ProfileChanges {
  return validateProfileUpdate(input, {
    // No account, so no e-mail the name could repeat.
    email: '',
    minimumAge: site.minimumAge,
    siteCountries: site.countries,
    today: now,
    current: { ...current, lookingForMinAge: null, lookingForMaxAge: null },
    // Orientation consent is a member's; staff set a fictional profile's orientation themselves.
    orientationConsent: true,
  });
}

async function replaceInterests(tx: Tx, profileId: number, interests: string[] | undefined) {
  if (interests === undefined) return;
  await tx.delete(profileInterests).where(eq(profileInterests.profileId, profileId));
  if (interests.length > 0) await tx.insert(profileInterests).values(interests.map((interestId) => ({ profileId, interestId })));
}

/** Creates the profile (is_fictional = true, whatever the input) and answers its id. */
export async function createFictionalProfile(tx: Tx, site: Site, input: TFictionalProfileCreate, now: Date): Promise<number> {
  const { site_id: _site, ...fields } = input;
  // A new profile has no stored country: the input's country is the one its region must belong to.
  const changes = validate(fields, site, now, { country: input.country.trim().toUpperCase(), region: '' });
  const [row] = await tx
    .insert(profiles)
    .values({
      siteId: site.id,
      name: changes.columns.name!,
      birthDate: changes.columns.birthDate!,
      country: changes.columns.country!,
      ...changes.columns,
      isFictional: true,
      status: 'active',
      createdAt: now,
    })
    .returning({ id: profiles.id });
  await replaceInterests(tx, row!.id, changes.interests);
  return row!.id;
}

/** The profile's row, locked until the transaction ends (every staff change of one profile runs one at a time); 404 for any non-fictional profile. */
export async function lockFictionalProfile(tx: Tx, profileId: number): Promise<FictionalProfileRow> {
  const [row] = await tx.select().from(profiles).where(fictional(profileId)).for('update');
  if (!row) throw fictionalProfileNotFound();
  return row;
}

/** Applies an edit to a locked fictional profile (lockFictionalProfile first). */
export async function updateFictionalProfile(
  tx: Tx,
  site: Site,
  current: FictionalProfileRow,
  input: TFictionalProfileUpdate,
  now: Date,
): Promise<void> {
  const changes = validate(input, site, now, current);
  if (Object.keys(changes.columns).length > 0) await tx.update(profiles).set(changes.columns).where(fictional(current.id));
  await replaceInterests(tx, current.id, changes.interests);
}

export async function fictionalProfileById(
  db: Database | Tx,
  profileId: number,
): Promise<(FictionalProfileRow & { interests: string[] }) | null> {
  const [row] = await db.select().from(profiles).where(fictional(profileId));
  if (!row) return null;
  return { ...row, interests: await interestsOf(db as Database, profileId) };
}

/** A page of a site's fictional profiles, by name (a part of it, any case), oldest first. */
export async function listFictionalProfiles(
  db: Database,
  siteId: number,
  nameLike: string | undefined,
  limit: number,
  offset: number,
  now: Date,
) {
  const where = and(
    eq(profiles.siteId, siteId),
    eq(profiles.isFictional, true),
    nameLike ? ilike(profiles.name, `%${nameLike.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const [{ total }] = (await db.select({ total: count() }).from(profiles).where(where)) as [{ total: number }];
  const rows = await db
    .select({
      id: profiles.id,
      name: profiles.name,
      gender: profiles.gender,
      birthDate: profiles.birthDate,
      country: profiles.country,
      city: profiles.city,
    })
    .from(profiles)
    .where(where)
    .orderBy(asc(profiles.id))
    .limit(limit)
    .offset(offset);
  return { total, rows: rows.map((r) => ({ ...r, age: ageOn(r.birthDate, now) ?? 0 })) };
}
