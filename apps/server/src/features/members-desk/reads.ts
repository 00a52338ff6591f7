/**
 * The members desk's reads (issue 13, decision 031): the search and the member page. The desk
 * sits above accounts, profiles, photos, blocks, credits, reports and moderation and reads
 * each of them through that feature's for-members-desk.ts (they own their tables).
 */
import { MEMBER_SEARCH_PAGE_SIZE, type TMemberDetail, type TMemberSearchAnswer } from '@cupido/shared/contracts/members-desk';
import type { Database } from '../../db/open';
import { AppError } from '../../errors';
import type { PhotoStorage } from '../../infra/photo-storage';
import { accountForDesk, consentsForDesk, searchAccounts } from '../accounts/for-members-desk';
import { profilesForAccounts } from '../profiles/for-accounts';
import { memberProfileIdsNamed, profileForDesk, profileNamesForDesk } from '../profiles/for-members-desk';
import { listPhotos } from '../photos/service';
import { blocksGivenForDesk, blocksReceivedCountForDesk } from '../blocks/for-members-desk';
import { creditEntriesForDesk } from '../credits/for-members-desk';
import { reportsAboutForDesk, reportsFiledByForDesk } from '../reports/for-members-desk';
import { decisionsAboutForDesk } from '../moderation/for-members-desk';
import type { SiteService } from '../sites/service';

export const memberNotFound = () => new AppError(404, 'member_not_found', 'staff.members.errors.not_found');

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export async function searchMembers(db: Database, query: { q: string; site_id?: number; page: number }): Promise<TMemberSearchAnswer> {
  const q = query.q.trim().toLowerCase();
  // An address is never a name: with an @ only the e-mail is searched.
  const profileIdsNamed = q.includes('@') ? undefined : memberProfileIdsNamed(q, query.site_id);
  const rows = await searchAccounts(db, {
    q,
    siteId: query.site_id,
    limit: MEMBER_SEARCH_PAGE_SIZE + 1,
    offset: (query.page - 1) * MEMBER_SEARCH_PAGE_SIZE,
    profileIdsNamed,
    nameOf: profilesForAccounts.nameOf,
  });
  return {
    members: rows.slice(0, MEMBER_SEARCH_PAGE_SIZE).map((row) => ({
      id: row.id,
      site_id: row.siteId,
      email: row.email,
      name: row.hasProfile ? row.name : null,
      status: row.status,
      created_at: row.createdAt.toISOString(),
    })),
    page: query.page,
    has_more: rows.length > MEMBER_SEARCH_PAGE_SIZE,
  };
}

const reportView = (row: Awaited<ReturnType<typeof reportsFiledByForDesk>>[number]) => ({
  id: row.id,
  reporter_user_id: row.reporterUserId,
  reported_profile_id: row.reportedProfileId,
  photo_id: row.photoId,
  message_id: row.messageId,
  reason: row.reason,
  text: row.messageText ? `${row.text}${row.text ? '\n' : ''}[message] ${row.messageText}` : row.text,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  decision_id: row.decisionId,
});

export async function memberDetail(
  deps: { db: Database; sites: SiteService; storage: PhotoStorage },
  userId: number,
): Promise<TMemberDetail> {
  const { db } = deps;
  const account = await accountForDesk(db, userId);
  if (!account) throw memberNotFound();
  const site = await deps.sites.byId(account.siteId);
  const profile = account.profileId === null ? null : await profileForDesk(db, account.profileId);
  const photos = profile ? await listPhotos(db, profile.id) : [];
  const given = await blocksGivenForDesk(db, userId);
  const names = await profileNamesForDesk(
    db,
    given.map((b) => b.profileId),
  );
  const cdnPrefix = site?.cdnPrefix ?? '/photos/';
  return {
    account: {
      id: account.id,
      site_id: account.siteId,
      site_name: site?.name ?? '',
      email: account.email,
      pending_email: account.pendingEmail,
      status: account.status,
      suspended_until: iso(account.suspendedUntil),
      created_at: account.createdAt.toISOString(),
      activated_at: iso(account.activatedAt),
      deleted_at: iso(account.deletedAt),
      delete_reason: account.deleteReason,
      delete_remarks: account.deleteRemarks,
      erased_at: iso(account.erasedAt),
      language: account.language,
      paid_user: account.paidUser,
      credits: account.credits,
      profile_id: account.profileId,
    },
    consents: (await consentsForDesk(db, userId)).map((c) => ({
      kind: c.kind,
      version: c.version,
      granted_at: c.grantedAt.toISOString(),
      revoked_at: iso(c.revokedAt),
    })),
    profile: profile
      ? {
          id: profile.id,
          name: profile.name,
          is_fictional: profile.isFictional,
          status: profile.status,
          invisible: profile.invisible,
          fields: profile.fields,
        }
      : null,
    photos: photos.map((p) => ({
      id: p.id,
      status: p.status,
      is_main: p.isMain,
      url: deps.storage.url(p.filename, cdnPrefix),
      thumb_url: deps.storage.url(p.thumbFilename, cdnPrefix),
      created_at: p.createdAt.toISOString(),
      reviewed_at: iso(p.reviewedAt),
    })),
    blocks: {
      given: given.map((b) => ({ profile_id: b.profileId, name: names.get(b.profileId) ?? '', created_at: b.createdAt.toISOString() })),
      received_count: profile ? await blocksReceivedCountForDesk(db, profile.id) : 0,
    },
    credits: {
      balance: account.credits,
      entries: (await creditEntriesForDesk(db, userId)).map((e) => ({
        id: e.id,
        created_at: e.createdAt.toISOString(),
        kind: e.kind,
        amount: e.amount,
        balance_after: e.balanceAfter,
        reference: e.reference,
        note: e.note,
      })),
    },
    reports: {
      filed: (await reportsFiledByForDesk(db, userId)).map(reportView),
      about: profile ? (await reportsAboutForDesk(db, profile.id)).map(reportView) : [],
    },
    decisions: (await decisionsAboutForDesk(db, userId)).map((d) => ({
      id: d.id,
      source: d.source,
      action: d.action,
      ground: d.ground,
      facts: d.facts,
      suspended_until: iso(d.suspendedUntil),
      decided_by_staff_id: d.decidedByStaffId,
      created_at: d.createdAt.toISOString(),
    })),
  };
}
