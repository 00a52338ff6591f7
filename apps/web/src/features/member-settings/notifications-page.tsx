import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../page-title/use-page-title';
import { useSession } from '../session/use-session';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts/accounts-texts';
import { ChangeEmailForm } from '../accounts/email/change-email-form';
import { ChangePasswordForm } from '../accounts/password/change-password-form';
import { DeleteAccountForm } from '../accounts/deletion/delete-account-form';
import { NotificationPreferences } from '../notification-settings/notification-preferences';
import { OrientationConsent } from './orientation-consent';
import { ActivityPrivacy } from './activity-privacy';
import { BlockedMembers } from '../profiles/blocked-members';
import { CreditHistory } from '../credits/credit-history';
import { OrdersSection } from '../orders/orders-section';
import { PersonalDataSettings } from '../personal-data/personal-data-settings';
import { DecisionsSettingsLink } from '../moderation-notices/decisions-link';

/**
 * /notifications, the settings screen (spec section 2): e-mail address, password, the notification
 * preferences, the orientation consent and "hide my activity" (privacy), blocked members, credit
 * history, personal data and the delete-account item. It composes
 * those features, so it lives above them: none of them imports it.
 */
export default function NotificationsPage() {
  return (
    <AccountsTexts>
      <Settings />
    </AccountsTexts>
  );
}

function Settings() {
  const { t } = useTranslation(ACCOUNTS_NS);
  usePageTitle(t('settings.title'));
  const { user } = useSession();
  if (!user) return null; // the members-area guard sends visitors to /login
  return (
    <div className="container py-4 account-page">
      <h1 className="h3 mb-4">{t('settings.title')}</h1>

      <section className="mb-5" aria-labelledby="settings-email-title">
        <h2 id="settings-email-title" className="h5">
          {t('settings.email.title')}
        </h2>
        <p id="settings-current-email">{t('settings.email.current', { email: user.email })}</p>
        {user.pending_email && (
          <p id="settings-pending-email" className="alert alert-info">
            {t('settings.email.pending', { email: user.pending_email })}
          </p>
        )}
        <ChangeEmailForm id="change-email" submitLabel={t('settings.email.submit')} />
      </section>

      <section className="mb-5" aria-labelledby="settings-password-title">
        <h2 id="settings-password-title" className="h5">
          {t('settings.password.title')}
        </h2>
        <ChangePasswordForm />
      </section>

      <NotificationPreferences />

      <section className="mb-5" aria-labelledby="settings-privacy-title">
        <h2 id="settings-privacy-title" className="h5">
          {t('settings.privacy.title')}
        </h2>
        <OrientationConsent user={user} />
        <ActivityPrivacy />
      </section>

      <BlockedMembers />

      <CreditHistory />

      <OrdersSection />

      <PersonalDataSettings />

      <DecisionsSettingsLink />

      <section className="mb-4" aria-labelledby="settings-delete-title">
        <h2 id="settings-delete-title" className="h5 text-danger">
          {t('settings.delete.title')}
        </h2>
        <DeleteAccountForm />
      </section>
    </div>
  );
}
