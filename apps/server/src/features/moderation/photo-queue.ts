/**
 * The photo moderation queue (issue 13, decision 063): the photos waiting for review with what a
 * reviewer needs beside them, and the reviewers' decisions. Photos, profiles and accounts each
 * answer for their own rows (photos/review.ts, profiles/for-photo-queue.ts,
 * accounts/moderation-accounts.ts); this service composes them and runs each call's decisions in
 * one transaction, with an audit entry per photo and, for a rejection, a moderation decision whose
 * statement of reasons goes to the member (queued after the commit; notices.ts retries).
 */
import { ageOn } from '@cupido/shared/rules/accounts';
import {
  PHOTO_QUEUE_COUNT_CAP,
  PHOTO_REJECT_GROUNDS,
  type TPhotoDecision,
  type TPhotoQueue,
  type TPhotoQueueItem,
  type TPhotoQueueQuery,
  type TPhotoReviewAnswer,
} from '@cupido/shared/contracts/photo-moderation';
import { AppError } from '../../errors';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { DomainEvents, Tx } from '../../infra/domain-events';
import type { PhotoStorage } from '../../infra/photo-storage';
import type { JobQueue } from '../../infra/jobs';
import type { BackOfficeDeps } from '../../back-office-deps';
import { translate } from '../../i18n/translate';
import { recordStaffAction } from '../audit/service';
import { accountsOfProfiles } from '../accounts/moderation-accounts';
import { lockMemberAccount } from '../accounts/member-lock';
import {
  approvePhotoInReview,
  lockPhotosForReview,
  profilesOfPhotos,
  rejectPhotoInReview,
  reviewQueuePage,
  reviewQueueSize,
  type PhotoUnderReview,
  type ProfileCondition,
} from '../photos/review';
import { profileIsOnSite, queueProfiles } from '../profiles/for-photo-queue';
import { listSites } from '../sites/admin-service';
import type { SiteService } from '../sites/service';
import { recordModerationDecision } from './decisions';
import { queueDecisionNotices } from './notices';

export interface PhotoQueueDeps {
  db: Database;
  clock: Clock;
  events: DomainEvents;
  storage: PhotoStorage;
  /** The sites' cached rows (cdn_prefix of the photo addresses). */
  sites: Pick<SiteService, 'resolve'>;
  /** The statement of reasons of a rejection is mailed by a job (notices.ts), queued after the commit. */
  jobs: JobQueue;
  log: BackOfficeDeps['log'];
}

export const photoAlreadyReviewed = () => new AppError(409, 'photo_already_reviewed', 'staff.photos.errors.already_reviewed');
export const photoNotInQueue = () => new AppError(404, 'photo_not_found', 'staff.photos.errors.not_found');

const cursorOf = (at: string, id: number) => `${at}_${id}`;
function positionOf(cursor: string) {
  const split = cursor.lastIndexOf('_');
  return { at: cursor.slice(0, split), id: Number(cursor.slice(split + 1)) };
}

/** One page of the queue (oldest first), its size and age, and the sites for the filter. */
export async function photoQueue(
  deps: Pick<PhotoQueueDeps, 'db' | 'clock' | 'storage' | 'sites'>,
  query: TPhotoQueueQuery,
): Promise<TPhotoQueue> {
  const { db } = deps;
  const siteId = query.site_id;
  const onSite: ProfileCondition | undefined = siteId === undefined ? undefined : (profileId) => profileIsOnSite(profileId, siteId);
  // One row more than asked: whether there is a next page, without a second count.
  const [rows, size, sites] = await Promise.all([
    reviewQueuePage(db, { profileCondition: onSite, after: query.after ? positionOf(query.after) : undefined, limit: query.limit + 1 }),
    reviewQueueSize(db, { profileCondition: onSite, cap: PHOTO_QUEUE_COUNT_CAP }),
    listSites(db),
  ]);
  const page = rows.slice(0, query.limit);
  const profiles = await queueProfiles(
    db,
    page.map((p) => p.profileId),
  );
  // The photo addresses use each site's cdn_prefix, from the sites' cache (by domain: no query).
  const cdnPrefixes = new Map<number, string>();
  for (const site of sites) {
    const resolved = await deps.sites.resolve(site.domain);
    cdnPrefixes.set(site.id, resolved.id === site.id ? resolved.cdnPrefix : '/photos/');
  }

  const now = deps.clock();
  const photos: TPhotoQueueItem[] = [];
  for (const photo of page) {
    const profile = profiles.get(photo.profileId);
    // Deleted between the two reads (its photos went with it): nothing left to review.
    if (!profile || photo.status === 'rejected') continue;
    const cdnPrefix = cdnPrefixes.get(profile.siteId) ?? '/photos/';
    photos.push({
      photo_id: photo.id,
      thumb_url: deps.storage.url(photo.thumbFilename, cdnPrefix),
      url: deps.storage.url(photo.filename, cdnPrefix),
      status: photo.status,
      is_main: photo.isMain,
      uploaded_at: photo.createdAt.toISOString(),
      profile_id: profile.id,
      name: profile.name,
      age: ageOn(profile.birthDate, now),
      is_fictional: profile.isFictional,
      site_id: profile.siteId,
    });
  }
  const last = page.at(-1);
  return {
    photos,
    total: size.total,
    total_capped: size.capped,
    oldest_at: size.oldestAt?.toISOString() ?? null,
    oldest_age_seconds: size.oldestAt ? Math.max(0, Math.floor((now.getTime() - size.oldestAt.getTime()) / 1000)) : null,
    next_after: rows.length > query.limit && last ? cursorOf(last.createdAtExact, last.id) : null,
    sites: sites.map((s) => ({ id: s.id, name: s.name, photo_moderation: s.photo_moderation })),
  };
}

/** The statement's facts: the reason as the member reads it, then the reviewer's note. */
function factsOf(decision: TPhotoDecision): string {
  const reason = translate('en', `staff.photos.reasons.${decision.reason}`);
  const note = decision.note?.trim();
  return note ? `${reason} ${note}` : reason;
}

/**
 * Carries out the decisions of one call, all or nothing. Lock order as in every member photo
 * change: the accounts of the members concerned first (id order), then the photos (id order), so
 * a member changing their photos and two reviewers with overlapping batches only ever wait, never
 * deadlock. A photo someone else reviewed meanwhile (or the member deleted) is skipped and
 * reported back; alone in the call it is refused (409, or 404 when gone).
 */
export async function reviewPhotos(deps: PhotoQueueDeps, staffId: number, decisions: TPhotoDecision[]): Promise<TPhotoReviewAnswer> {
  const ids = decisions.map((d) => d.photo_id);
  // A photo never moves to another profile, nor a profile to another account: safe to read before the locks.
  const profileOfPhoto = await profilesOfPhotos(deps.db, ids);
  const profileIds = [...new Set(profileOfPhoto.values())];
  const [profiles, accounts] = await Promise.all([queueProfiles(deps.db, profileIds), accountsOfProfiles(deps.db, profileIds)]);
  const now = deps.clock();
  const touchedMembers = new Set<number>();

  const answer = await deps.events.transaction(deps.db, async (tx) => {
    const userIds = [...new Set([...accounts.values()].map((a) => a.userId))].sort((a, b) => a - b);
    for (const userId of userIds) await lockMemberAccount(tx, userId);
    const locked = await lockPhotosForReview(tx, ids);

    const result: TPhotoReviewAnswer = { reviewed: [], skipped: [] };
    for (const decision of decisions) {
      const photo = locked.get(decision.photo_id);
      const profile = photo ? profiles.get(photo.profileId) : undefined;
      if (!photo || !profile) {
        result.skipped.push({ photo_id: decision.photo_id, reason: 'not_found' });
        continue;
      }
      if (photo.reviewedAt) {
        result.skipped.push({ photo_id: decision.photo_id, reason: 'already_reviewed' });
        continue;
      }
      const account = accounts.get(photo.profileId) ?? null;
      const decisionId = await carryOut(tx, { decision, photo, siteId: profile.siteId, userId: account?.userId ?? null, staffId, now });
      result.reviewed.push({
        photo_id: photo.id,
        verdict: decision.verdict,
        status: decision.verdict === 'approve' ? 'approved' : 'rejected',
        decision_id: decisionId,
      });
      if (account && photo.isMain) touchedMembers.add(account.userId);
    }
    if (decisions.length === 1 && result.skipped[0])
      throw result.skipped[0].reason === 'not_found' ? photoNotInQueue() : photoAlreadyReviewed();
    // GET /api/user.php shows the main photo and its status: the session drops the cached lookups after the commit.
    for (const userId of touchedMembers) await deps.events.publish(tx, { type: 'account.view_changed', userId });
    return result;
  });
  for (const { decision_id } of answer.reviewed) if (decision_id !== null) await queueDecisionNotices(deps, decision_id);
  return answer;
}

interface Review {
  decision: TPhotoDecision;
  photo: PhotoUnderReview;
  siteId: number;
  userId: number | null;
  staffId: number;
  now: Date;
}

/** One photo's decision, its audit entry and (a rejection) its moderation decision; answers the decision's id. */
async function carryOut(tx: Tx, { decision, photo, siteId, userId, staffId, now }: Review): Promise<number | null> {
  const before = { status: photo.status, is_main: photo.isMain, reviewed_at: null };
  if (decision.verdict === 'approve') {
    await approvePhotoInReview(tx, photo, staffId, now);
    await recordStaffAction(
      tx,
      {
        staffId,
        action: 'photo.approve',
        itemType: 'photo',
        itemId: photo.id,
        siteId,
        before,
        after: { status: 'approved', is_main: photo.isMain, reviewed_at: now.toISOString() },
      },
      now,
    );
    return null;
  }
  const reason = decision.reason!;
  const newMainId = await rejectPhotoInReview(tx, photo, staffId, now);
  const decisionId = await recordModerationDecision(
    tx,
    {
      siteId,
      source: 'photo_review',
      action: 'remove_content',
      ground: PHOTO_REJECT_GROUNDS[reason],
      facts: factsOf(decision),
      userId,
      profileId: photo.profileId,
      photoId: photo.id,
      decidedByStaffId: staffId,
    },
    now,
  );
  await recordStaffAction(
    tx,
    {
      staffId,
      action: 'photo.reject',
      itemType: 'photo',
      itemId: photo.id,
      siteId,
      before,
      after: {
        status: 'rejected',
        is_main: false,
        reviewed_at: now.toISOString(),
        reason,
        note: decision.note?.trim() || null,
        decision_id: decisionId,
        main_photo_now: newMainId,
      },
    },
    now,
  );
  return decisionId;
}
