/**
 * What the operator console (issue 15) reads of profiles: the small cards of its queue (with the
 * member's language through accounts), whether a profile is fictional, and the answer screen's
 * profiles: the member's as the member made it visible (the site's shown fields, approved photos
 * only), the fictional profile's whole (staff wrote it). Profiles owns the tables (decision 021).
 */
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ageOn } from '@cupido/shared/rules/accounts';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { PROFILE_FIELDS } from '@cupido/shared/rules/profiles';
import type { TOperatorProfile } from '@cupido/shared/contracts/operator-console';
import type { Database } from '../../db/open';
import { profiles } from '../../db/schema';
import { photoUrl } from '../../infra/photo-storage';
import { languageOfProfile, profileHasLanguage, userIdOfProfile } from '../accounts/for-operator-console';
import type { Site } from '../sites/service';
import { fieldValues } from './member-page';
import { approvedMainThumbOf } from '../photos/service';
import { approvedPhotos } from './shown-photos';
import { interestsOf } from './service';

/** SQL condition: the profile `profileId` (a column) is fictional. */
export function isFictionalProfile(profileId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${profiles} where ${and(eq(profiles.id, profileId), eq(profiles.isFictional, true))})`;
}

/** SQL condition: the profile `profileId` (a column) belongs to an account of this language. */
export const profileOfLanguage = (profileId: SQLWrapper, language: LocaleCode): SQL => profileHasLanguage(profileId, language);

export interface OperatorCardRow {
  id: number;
  name: string;
  birthDate: string | null;
  country: string | null;
  userId: number | null;
  isFictional: boolean;
  thumbFilename: string | null;
  /** The account's language (null for a fictional profile). */
  language: string | null;
}

/** The cards of these profiles in one query, by id. */
export async function operatorCardsOf(db: Pick<Database, 'select'>, ids: readonly number[]): Promise<Map<number, OperatorCardRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: profiles.id,
      name: profiles.name,
      birthDate: profiles.birthDate,
      country: profiles.country,
      userId: userIdOfProfile(profiles.id).as('user_id'),
      isFictional: profiles.isFictional,
      thumbFilename: approvedMainThumbOf(profiles.id).as('thumb_filename'),
      language: languageOfProfile(profiles.id).as('language'),
    })
    .from(profiles)
    .where(inArray(profiles.id, unique));
  return new Map(rows.map((row) => [row.id, row as OperatorCardRow]));
}

export function toOperatorCard(row: OperatorCardRow, site: Pick<Site, 'cdnPrefix'>, today: Date) {
  return {
    profile_id: row.id,
    name: row.name,
    age: row.birthDate ? ageOn(row.birthDate, today) : null,
    country: row.country,
    thumb_url: row.thumbFilename ? photoUrl(row.thumbFilename, site.cdnPrefix) : null,
  };
}

/**
 * The profile on the answer screen. `asMembersSee`: only the fields the site shows on a profile
 * page (visible_profile_fields and visible_profile_notes); otherwise every field.
 */
export async function operatorProfileOf(
  db: Database,
  site: Site,
  profileId: number,
  asMembersSee: boolean,
  today: Date,
): Promise<TOperatorProfile | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
  if (!row) return null;
  const age = row.birthDate ? ageOn(row.birthDate, today) : null;
  const shown = asMembersSee ? [...new Set([...site.visibleProfileFields, ...site.visibleProfileNotes])] : [...PROFILE_FIELDS];
  const photos = await approvedPhotos(db, row.id);
  const interests = await interestsOf(db, row.id);
  const main = photos[0];
  return {
    profile_id: row.id,
    name: row.name,
    age,
    country: row.country,
    thumb_url: main ? photoUrl(main.thumbFilename, site.cdnPrefix) : null,
    gender: row.gender,
    city: row.city || null,
    about: row.about || null,
    fields: Object.fromEntries(fieldValues(row, shown, age ?? 0).map((item) => [item.field, String(item.value)])),
    interests,
    photos: photos.map((photo) => ({ id: photo.id, thumb_url: photoUrl(photo.thumbFilename, site.cdnPrefix) })),
  };
}
