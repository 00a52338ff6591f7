/**
 * The report queue as staff see it (issue 13): each open report with the exact item it is about
 * (the profile with its text, the photo with its URL, or the message as reported), the reporter,
 * the reason and text, and how many open reports the item has. Read from the features that own
 * each part, a few batched lookups per page.
 */
import type { TReportQueueItem } from '@cupido/shared/contracts/moderation';
import type { TReportReason } from '@cupido/shared/contracts/reports';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import type { BackOfficeDeps } from '../../back-office-deps';
import { accountsByIds, accountsOfProfiles } from '../accounts/moderation-accounts';
import { imageMessageIds } from '../chats/reported-images';
import { photosForModeration } from '../photos/moderation-removal';
import { profilesForModeration } from '../profiles/moderation';
import type { QueuedReport } from '../reports/queue';

export const REPORT_QUEUE_PAGE = 100;

/** Where the back office fetches a reported image message's picture (report-queue-routes.ts), never the members' call. */
export function reportImageUrls(reportId: number): { thumb_url: string; url: string } {
  const path = `${ADMIN_API_PREFIX}/reports/${reportId}/image`;
  return { thumb_url: `${path}?size=thumb`, url: `${path}?size=full` };
}

export async function toQueueItems(
  deps: Pick<BackOfficeDeps, 'db' | 'sites' | 'storage'>,
  rows: QueuedReport[],
): Promise<TReportQueueItem[]> {
  const reporterIds = rows.flatMap((r) => (r.reporterUserId === null ? [] : [r.reporterUserId]));
  const [accounts, reporters, photos, images] = await Promise.all([
    accountsOfProfiles(
      deps.db,
      rows.map((r) => r.reportedProfileId),
    ),
    accountsByIds(deps.db, reporterIds),
    photosForModeration(
      deps.db,
      rows.flatMap((r) => (r.photoId === null ? [] : [r.photoId])),
    ),
    imageMessageIds(
      deps.db,
      rows.flatMap((r) => (r.messageId === null ? [] : [r.messageId])),
    ),
  ]);
  const profiles = await profilesForModeration(deps.db, [
    ...rows.map((r) => r.reportedProfileId),
    ...[...reporters.values()].flatMap((r) => (r.profileId === null ? [] : [r.profileId])),
  ]);
  const cdnPrefixes = new Map<number, string>();
  for (const siteId of new Set(rows.map((r) => r.siteId)))
    cdnPrefixes.set(siteId, (await deps.sites.byId(siteId))?.cdnPrefix ?? '/photos/');

  return rows.map((r) => {
    const profile = profiles.get(r.reportedProfileId);
    const account = accounts.get(r.reportedProfileId);
    const photo = r.photoId === null ? undefined : photos.get(r.photoId);
    const reporter = r.reporterUserId === null ? undefined : reporters.get(r.reporterUserId);
    const cdn = cdnPrefixes.get(r.siteId) ?? '/photos/';
    return {
      id: r.id,
      site_id: r.siteId,
      created_at: r.createdAt.toISOString(),
      reason: r.reason as TReportReason,
      text: r.text,
      reporter: reporter
        ? { user_id: reporter.userId, name: (reporter.profileId && profiles.get(reporter.profileId)?.name) || '', email: reporter.email }
        : null,
      item: {
        kind: r.messageId !== null ? 'message' : r.photoId !== null ? 'photo' : 'profile',
        profile: {
          id: r.reportedProfileId,
          name: profile?.name ?? '',
          about: profile?.about ?? '',
          is_fictional: profile?.isFictional ?? false,
          account: account
            ? { user_id: account.userId, status: account.status, suspended_until: account.suspendedUntil?.toISOString() ?? null }
            : null,
        },
        photo: photo
          ? {
              id: photo.id,
              url: deps.storage.url(photo.filename, cdn),
              thumb_url: deps.storage.url(photo.thumbFilename, cdn),
              status: photo.status,
            }
          : null,
        message:
          r.messageId !== null
            ? { id: r.messageId, text: r.messageText ?? '', ...(images.has(r.messageId) ? { image: reportImageUrls(r.id) } : {}) }
            : null,
      },
      open_reports_on_item: r.openOnItem,
      status: r.status as 'open' | 'closed',
      decision_id: r.decisionId,
    };
  });
}
