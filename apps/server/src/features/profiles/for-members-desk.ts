/**
 * What the back office's members desk reads of profiles (issue 13): the name search and every
 * field of a member's profile. Profiles owns the tables; the desk (above it) calls here.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { profiles } from '../../db/schema';
import { interestsOf } from './service';

/**
 * SQL subquery: the ids of member (not fictional) profiles whose name starts with `prefix`,
 * case-insensitively, for the account search's `in (...)`.
 */
export function memberProfileIdsNamed(prefix: string, siteId?: number): SQL {
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const onSite = siteId === undefined ? sql`` : sql` and ${profiles.siteId} = ${siteId}`;
  return sql`(select ${profiles.id} from ${profiles} where lower(${profiles.name}) like ${pattern} and not ${profiles.isFictional}${onSite})`;
}

/** Every stored field of the profile, by its column name, with the interests; null when gone. */
export async function profileForDesk(db: Database, profileId: number) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
  if (!row) return null;
  const { id, name, isFictional, status, isInvisible, ...rest } = row;
  return {
    id,
    name,
    isFictional,
    status,
    invisible: isInvisible,
    fields: {
      gender: rest.gender,
      sexuality: rest.sexuality,
      birth_date: rest.birthDate,
      country: rest.country,
      region: rest.region,
      city: rest.city,
      hair_color: rest.hairColor,
      eye_color: rest.eyeColor,
      body_type: rest.bodyType,
      relationship_status: rest.relationshipStatus,
      tattoos: rest.tattoos,
      signup_reason: rest.signupReason,
      about: rest.about,
      looking_for_gender: rest.lookingForGender,
      looking_for_min_age: rest.lookingForMinAge,
      looking_for_max_age: rest.lookingForMaxAge,
      has_photo: rest.hasPhoto,
      account_usable: rest.accountUsable,
      searchable: rest.searchable,
      created_at: rest.createdAt.toISOString(),
      interests: await interestsOf(db, id),
    } as Record<string, unknown>,
  };
}

/** Names of profiles by id (for the desk's block list); missing ids are left out. */
export async function profileNamesForDesk(db: Pick<Database, 'select'>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, name: profiles.name })
    .from(profiles)
    .where(and(inArray(profiles.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
