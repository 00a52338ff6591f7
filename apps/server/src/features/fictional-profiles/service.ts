/**
 * Fictional profiles staff run (issue 13): create, edit, photos. Each change and its audit entry
 * commit together (recordStaffAction in the same transaction). Profiles and photos own the rows;
 * this feature, above them, calls their for-fictional-profiles.ts functions.
 */
import { ageOn } from '@cupido/shared/rules/accounts';
import {
  FICTIONAL_MAX_PHOTOS,
  FICTIONAL_PAGE_SIZE,
  type TFictionalList,
  type TFictionalListQuery,
  type TFictionalProfile,
  type TFictionalProfileCreate,
  type TFictionalProfileUpdate,
} from '@cupido/shared/contracts/fictional-profiles';
import type { BackOfficeDeps } from '../../back-office-deps';
import { AppError } from '../../errors';
import { recordStaffAction } from '../audit/service';
import { siteById, type Site } from '../sites/service';
import {
  createFictionalProfile,
  fictionalProfileById,
  fictionalProfileNotFound,
  listFictionalProfiles,
  lockFictionalProfile,
  updateFictionalProfile,
  type FictionalProfileRow,
} from '../profiles/for-fictional-profiles';
import { addReviewedPhoto, makeMainPhoto, photoSummaries, removeProfilePhoto, storePhotoFiles } from '../photos/for-fictional-profiles';
import { deletePhotoFiles, listPhotos, toPhotoView } from '../photos/service';

type Deps = Pick<BackOfficeDeps, 'db' | 'clock' | 'sites' | 'storage' | 'log'>;

const siteNotFound = () => new AppError(404, 'site_not_found', 'staff.fictional.errors.site_not_found', {}, 'site_id');

async function siteOf(deps: Deps, siteId: number): Promise<Site> {
  const site = await deps.sites.byId(siteId);
  if (!site) throw siteNotFound();
  return site;
}

/** What the audit keeps of a profile: its fields as staff see them (no internal columns). */
function snapshot(row: FictionalProfileRow & { interests?: string[] }) {
  return {
    name: row.name,
    gender: row.gender,
    sexuality: row.sexuality,
    date_of_birth: row.birthDate,
    country: row.country,
    region: row.region,
    city: row.city,
    hair_color: row.hairColor,
    eye_color: row.eyeColor,
    body_type: row.bodyType,
    relationship_status: row.relationshipStatus,
    tattoos: row.tattoos,
    signup_reason: row.signupReason,
    about: row.about,
    ...(row.interests ? { interests: row.interests } : {}),
  };
}

export async function fictionalProfileView(deps: Deps, profileId: number): Promise<TFictionalProfile> {
  const row = await fictionalProfileById(deps.db, profileId);
  if (!row) throw fictionalProfileNotFound();
  const site = await siteOf(deps, row.siteId);
  const photos = await listPhotos(deps.db, profileId);
  return {
    id: row.id,
    site_id: row.siteId,
    is_fictional: true,
    ...snapshot(row),
    interests: row.interests,
    age: ageOn(row.birthDate, deps.clock()) ?? 0,
    photos: photos.map((p) => toPhotoView(p, deps.storage, site.cdnPrefix)),
  };
}

export async function fictionalProfileList(deps: Deps, query: TFictionalListQuery): Promise<TFictionalList> {
  const site = await siteOf(deps, query.site_id);
  const { total, rows } = await listFictionalProfiles(
    deps.db,
    site.id,
    query.q || undefined,
    FICTIONAL_PAGE_SIZE,
    (query.page - 1) * FICTIONAL_PAGE_SIZE,
    deps.clock(),
  );
  const summaries = await photoSummaries(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    total,
    page: query.page,
    page_size: FICTIONAL_PAGE_SIZE,
    profiles: rows.map((r) => {
      const summary = summaries.get(r.id);
      return {
        id: r.id,
        name: r.name,
        age: r.age,
        gender: r.gender,
        country: r.country,
        city: r.city,
        photo_count: summary?.count ?? 0,
        main_thumb_url: summary?.mainThumb ? deps.storage.url(summary.mainThumb, site.cdnPrefix) : null,
      };
    }),
  };
}

export async function createFictional(deps: Deps, staffId: number, input: TFictionalProfileCreate): Promise<number> {
  const site = await siteOf(deps, input.site_id);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const id = await createFictionalProfile(tx, site, input, now);
    const created = await fictionalProfileById(tx, id);
    await recordStaffAction(
      tx,
      { staffId, action: 'fictional_profile.create', itemType: 'profile', itemId: id, siteId: site.id, after: snapshot(created!) },
      now,
    );
    return id;
  });
}

export async function updateFictional(deps: Deps, staffId: number, profileId: number, input: TFictionalProfileUpdate): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const current = await lockFictionalProfile(tx, profileId);
    const before = await fictionalProfileById(tx, profileId);
    // With the transaction's connection (PGlite has only one): never another connection inside it.
    const site = await siteById(tx, current.siteId);
    if (!site) throw siteNotFound();
    await updateFictionalProfile(tx, site, current, input, now);
    const after = await fictionalProfileById(tx, profileId);
    await recordStaffAction(
      tx,
      {
        staffId,
        action: 'fictional_profile.update',
        itemType: 'profile',
        itemId: profileId,
        siteId: site.id,
        before: snapshot(before!),
        after: snapshot(after!),
      },
      now,
    );
  });
}

/** Processes and stores the photo first (outside the transaction: decoding takes a while), then its row and audit entry; files of a refused row are deleted. */
export async function addFictionalPhoto(deps: Deps, staffId: number, profileId: number, data: Buffer): Promise<void> {
  if (!(await fictionalProfileById(deps.db, profileId))) throw fictionalProfileNotFound();
  const files = await storePhotoFiles(deps, data);
  const now = deps.clock();
  try {
    await deps.db.transaction(async (tx) => {
      const profile = await lockFictionalProfile(tx, profileId);
      const row = await addReviewedPhoto(tx, profileId, files, staffId, now, FICTIONAL_MAX_PHOTOS);
      await recordStaffAction(
        tx,
        {
          staffId,
          action: 'fictional_profile.photo_add',
          itemType: 'profile',
          itemId: profileId,
          siteId: profile.siteId,
          after: { photo_id: row.id, is_main: row.isMain, status: row.status },
        },
        now,
      );
    });
  } catch (error) {
    await deletePhotoFiles(deps, [files.displayKey, files.thumbKey]);
    throw error;
  }
}

export async function deleteFictionalPhoto(deps: Deps, staffId: number, profileId: number, photoId: number): Promise<void> {
  const now = deps.clock();
  const removed = await deps.db.transaction(async (tx) => {
    const profile = await lockFictionalProfile(tx, profileId);
    const row = await removeProfilePhoto(tx, profileId, photoId);
    await recordStaffAction(
      tx,
      {
        staffId,
        action: 'fictional_profile.photo_delete',
        itemType: 'profile',
        itemId: profileId,
        siteId: profile.siteId,
        before: { photo_id: row.id, is_main: row.isMain },
      },
      now,
    );
    return row;
  });
  // After the commit: a rollback never leaves a row whose files are gone.
  await deletePhotoFiles(deps, [removed.filename, removed.thumbFilename]);
}

export async function setFictionalMainPhoto(deps: Deps, staffId: number, profileId: number, photoId: number): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const profile = await lockFictionalProfile(tx, profileId);
    const previous = await makeMainPhoto(tx, profileId, photoId);
    await recordStaffAction(
      tx,
      {
        staffId,
        action: 'fictional_profile.photo_main',
        itemType: 'profile',
        itemId: profileId,
        siteId: profile.siteId,
        before: { main_photo_id: previous },
        after: { main_photo_id: photoId },
      },
      now,
    );
  });
}
