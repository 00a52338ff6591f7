/**
 * GET /api/member.php: a profile page (spec section 2, profile view). Header fields, the site's
 * highlight items (visible_profile_fields) and notes (visible_profile_notes), about, interests,
 * approved photos with only the first FREE_PHOTOS unlocked for non-premium viewers, the fictional
 * badge and warning, the viewer's block state and related profiles. For a member, how far away the
 * profile is (whole km from the two cells, a fictional profile at least the minimum; decision 036)
 * and its activity mark.
 */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { ageOn } from '@cupido/shared/rules/accounts';
import { pickLocalized, type LocaleCode } from '@cupido/shared/rules/locales';
import type { Gender } from '@cupido/shared/rules/profile-options';
import { PROFILE_FIELDS, profileAccess, unlockedPhotoCount, type ProfileField } from '@cupido/shared/rules/profiles';
import { type TMemberAnswer, type TMemberPhoto } from '@cupido/shared/contracts/profiles';
import { profiles } from '../../db/schema';
import { AppError } from '../../errors';
import type { Site } from '../sites/service';
import { profileNotFound } from '../blocks/service';
import { photoUrl } from '../../infra/photo-storage';
import { relatedProfiles } from './related-profiles';
import { contactFacts, type ExistingContactSources } from './contact';
import { withActivity, type ActivityMarks } from './activity-port';
import { candidatePoint, distanceKmOf } from './distance-sql';
import { viewerFactsOf } from './search-read-model';
import { approvedPhotos, type ShownPhoto } from './shown-photos';
import { interestsOf, type ProfileDeps } from './service';

/** What the profile page needs: `activity` the activity marks (issue 28), `contactSources` the app's existing-contact sources. */
export type MemberPageDeps = ProfileDeps & { activity?: ActivityMarks; contactSources: ExistingContactSources };

export interface MemberViewer {
  userId: number;
  profileId: number;
  paidUser: boolean;
}

type ProfileRow = typeof profiles.$inferSelect;

export const noAccess = () => new AppError(403, 'no_access', 'errors.no_access');

const KNOWN_FIELDS = new Set<string>(PROFILE_FIELDS);

function fieldValue(row: ProfileRow, field: ProfileField, age: number): string | number | null {
  switch (field) {
    case 'age':
      return age;
    case 'gender':
      return row.gender;
    case 'sexuality':
      return row.sexuality;
    case 'country':
      return row.country;
    case 'region':
      return row.region || null;
    case 'city':
      return row.city || null;
    case 'hair_color':
      return row.hairColor;
    case 'eye_color':
      return row.eyeColor;
    case 'body_type':
      return row.bodyType;
    case 'relationship_status':
      return row.relationshipStatus;
    case 'tattoos':
      return row.tattoos;
    case 'signup_reason':
      return row.signupReason;
  }
}

/** The values of the fields a site names, in its order; unknown names and empty values left out. */
export function fieldValues(row: ProfileRow, fields: string[], age: number) {
  return fields
    .filter((field): field is ProfileField => KNOWN_FIELDS.has(field))
    .map((field) => ({ field, value: fieldValue(row, field, age) }))
    .filter((item): item is { field: ProfileField; value: string | number } => item.value !== null && item.value !== '');
}

function photoList(site: Site, photos: ShownPhoto[], unlocked: number): TMemberPhoto[] {
  return photos.map((photo, index) =>
    index < unlocked
      ? {
          locked: false as const,
          id: photo.id,
          url: photoUrl(photo.filename, site.cdnPrefix),
          thumb_url: photoUrl(photo.thumbFilename, site.cdnPrefix),
          is_main: photo.isMain,
        }
      : { locked: true as const },
  );
}

/** Metres from the viewer's cell to the profile's (null when either has no location), in the query that reads the profile. */
function metresFromViewer(viewer: MemberViewer | null) {
  if (!viewer) return sql<number | null>`null::float8`;
  return sql<
    number | null
  >`earth_distance(${candidatePoint}, (select ll_to_earth(v.latitude, v.longitude) from ${profiles} as v where v.id = ${viewer.profileId}))`;
}

export async function memberPage(
  deps: MemberPageDeps,
  site: Site,
  locale: LocaleCode,
  viewer: MemberViewer | null,
  profileId: number,
): Promise<TMemberAnswer> {
  const [[found], viewerFacts] = await Promise.all([
    deps.db
      .select({ ...getTableColumns(profiles), metresFromViewer: metresFromViewer(viewer).as('metres_from_viewer') })
      .from(profiles)
      .where(and(eq(profiles.id, profileId), eq(profiles.siteId, site.id)))
      .limit(1),
    viewer ? viewerFactsOf(deps.db, viewer.profileId) : null,
  ]);
  if (!found) throw profileNotFound();
  const { metresFromViewer: metres, ...row } = found;
  const facts = await contactFacts(deps.db, deps.contactSources, viewer, row);
  const access = profileAccess(facts);
  if (access === 'not_found') throw profileNotFound();
  if (access === 'no_access') throw noAccess();

  const today = deps.clock();
  const age = ageOn(row.birthDate, today) ?? 0;
  const own = viewer?.profileId === row.id;
  const searcher = viewer ? { userId: viewer.userId, profileId: viewer.profileId } : null;
  const [photos, interests, related, [marked]] = await Promise.all([
    approvedPhotos(deps.db, row.id),
    interestsOf(deps.db, row.id),
    relatedProfiles(deps, site, { searcher, facts: viewerFacts }, { id: row.id, country: row.country, gender: row.gender, age }),
    withActivity(deps.activity, viewer ? { profileId: viewer.profileId } : null, [{ id: row.id }]),
  ]);
  const unlocked = unlockedPhotoCount({ premiumViewer: viewer?.paidUser ?? false, ownProfile: own, photoCount: photos.length });
  const main = photos.find((p) => p.isMain);

  return {
    profile: {
      id: row.id,
      name: row.name,
      age,
      gender: row.gender as Gender | null,
      country: row.country,
      region: row.region,
      city: row.city,
      about: row.about,
      interests,
      highlights: fieldValues(row, site.visibleProfileFields, age),
      notes: fieldValues(row, site.visibleProfileNotes, age),
      main_image: main ? photoUrl(main.thumbFilename, site.cdnPrefix) : null,
      photos: photoList(site, photos, unlocked),
      photo_count: photos.length,
      is_fictional: row.isFictional,
      fictional: row.isFictional
        ? {
            icon: site.fictionalIcon,
            singular: pickLocalized(site.fictionalSingular, locale),
            warning: pickLocalized(site.fictionalWarning, locale),
          }
        : null,
      is_blocked_by_me: facts.blockedByViewer,
      is_own: own,
      ...(own ? {} : distanceKmOf(metres, row.isFictional)),
      ...(marked?.activity ? { activity: marked.activity } : {}),
    },
    related,
  };
}
