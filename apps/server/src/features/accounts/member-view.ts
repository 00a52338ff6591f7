/** The logged-in user of spec section 3, as GET /api/user.php answers it. */
import type { TUser } from '@cupido/shared/contracts/accounts';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import type { MemberRow } from './sessions';

export function toUserView(row: MemberRow, fictionalIcon: string): TUser {
  return {
    id: row.id,
    email: row.email,
    pending_email: row.pendingEmail,
    language: row.language as LocaleCode,
    time_zone: row.timeZone,
    status: row.status === 'active' ? 'active' : 'not_confirmed',
    credits: row.credits,
    paid_user: row.paidUser,
    signup_date: row.createdAt.toISOString(),
    activated_at: row.activatedAt ? row.activatedAt.toISOString() : null,
    fictional_icon: fictionalIcon,
    notifications_disabled: row.notificationsDisabled as TUser['notifications_disabled'],
    orientation_consent: row.orientationConsent,
    ad_tracking_consent: row.adTrackingConsent,
    profile: {
      id: row.profileId,
      name: row.profileName,
      country: row.profileCountry,
      status: row.profileStatus,
      main_image:
        row.mainFilename && row.mainThumbFilename
          ? {
              filename: row.mainFilename,
              thumb_filename: row.mainThumbFilename,
              status: row.mainStatus === 'approved' ? 'active' : (row.mainStatus ?? 'pending'),
            }
          : null,
    },
  };
}
