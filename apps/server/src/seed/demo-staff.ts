/**
 * The demo admin of the back office (issue 13): `admin@cupido.example` / `cupido-admin-2026`,
 * created where the demo seed runs and only if missing (README, start log). TOTP is set up at its
 * first login, like any staff account's, unless DEMO_STAFF_TOTP_SECRET gives a base32 secret: then
 * that secret is stored as confirmed, so browser tests and demos can compute the codes. That
 * variable makes the second factor public: never set it on a real installation.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/open';
import { staffAccounts } from '../db/schema';
import { createStaffAccount } from '../features/staff/accounts';
import { AppError } from '../errors';

export const DEMO_ADMIN = { email: 'admin@cupido.example', password: 'cupido-admin-2026', name: 'Demo admin' } as const;

/** Base32 of at least 16 bytes (otplib's minimum). */
const BASE32_SECRET = /^[A-Z2-7]{26,}=*$/;

export async function seedDemoStaff(
  db: Database,
  options: { totpSecret?: string } = {},
): Promise<{ created: boolean; totpPreset: boolean }> {
  const secret = options.totpSecret?.trim().toUpperCase() || undefined;
  if (secret && !BASE32_SECRET.test(secret)) throw new Error('DEMO_STAFF_TOTP_SECRET must be base32 (A-Z, 2-7) of at least 26 characters');
  const now = new Date();
  let created = true;
  try {
    await createStaffAccount(db, { ...DEMO_ADMIN, role: 'admin', confirmedTotpSecret: secret }, null, now);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'staff_email_taken')) throw error;
    created = false;
    // An existing demo admin takes the fixed secret too, so a reused data directory behaves like a fresh one.
    if (secret)
      await db.update(staffAccounts).set({ totpSecret: secret, totpConfirmedAt: now }).where(eq(staffAccounts.email, DEMO_ADMIN.email));
  }
  return { created, totpPreset: secret !== undefined };
}
