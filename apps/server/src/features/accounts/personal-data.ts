/**
 * The accounts feature's parts of "Download my data": the account (without the password hash),
 * its open logins and mailed links (without their token hashes), and every consent with its history.
 */
import { asc, eq } from 'drizzle-orm';
import { accountTokens, consents, sessions, users } from '../../db/schema';
import { dataExportPart } from '../personal-data/registry';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

export const accountDataPart = dataExportPart('account', async ({ db, now }, userId) => {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no account ${userId}`);
  const logins = await db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
  const links = await db
    .select({
      purpose: accountTokens.purpose,
      newEmail: accountTokens.newEmail,
      createdAt: accountTokens.createdAt,
      expiresAt: accountTokens.expiresAt,
      usedAt: accountTokens.usedAt,
    })
    .from(accountTokens)
    .where(eq(accountTokens.userId, userId))
    .orderBy(asc(accountTokens.id));
  return {
    id: user.id,
    email: user.email,
    pending_email: user.pendingEmail,
    status: user.status,
    language: user.language,
    credits: user.credits,
    paid_user: user.paidUser,
    notifications_disabled: user.notificationsDisabled,
    signup_message: user.signupMessage,
    signup_profile_id: user.signupProfileId,
    tracking: user.tracking,
    created_at: iso(user.createdAt),
    activated_at: isoOrNull(user.activatedAt),
    deleted_at: isoOrNull(user.deletedAt),
    delete_reason: user.deleteReason,
    delete_remarks: user.deleteRemarks,
    sessions: logins.filter((s) => s.expiresAt > now).map((s) => ({ created_at: iso(s.createdAt), expires_at: iso(s.expiresAt) })),
    mail_links: links.map((l) => ({
      purpose: l.purpose,
      new_email: l.newEmail,
      created_at: iso(l.createdAt),
      expires_at: iso(l.expiresAt),
      used_at: isoOrNull(l.usedAt),
    })),
  };
});

export const consentsDataPart = dataExportPart('consents', async ({ db }, userId) => {
  const rows = await db.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.id));
  return rows.map((row) => ({
    kind: row.kind,
    version: row.version,
    granted_at: iso(row.grantedAt),
    revoked_at: isoOrNull(row.revokedAt),
  }));
});
