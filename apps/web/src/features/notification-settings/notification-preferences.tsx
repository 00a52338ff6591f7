import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KINDS, isMarketingKind, type NotificationKind } from '@cupido/shared/notification-rules';
import { ServerError } from '../accounts/server-error';
import { NOTIFICATION_SETTINGS_NS, NotificationSettingsTexts } from './notification-settings-texts';
import { useEnableMails, useNotificationSettings, useSetNotificationPreference } from './notification-calls';

/**
 * The settings screen's "Notifications" section (spec section 3, issue 30): one switch per kind
 * for e-mails, saved at once. Promotions and news are off until the member turns them on (their
 * consent is recorded then). When no mail goes out at all (a spam complaint, a bounced address,
 * "unsubscribe from everything" in a mail app) the section says why and how to fix it.
 */
function Preferences() {
  const { t } = useTranslation(NOTIFICATION_SETTINGS_NS);
  const settings = useNotificationSettings();
  const change = useSetNotificationPreference();
  const enable = useEnableMails();
  const [saved, setSaved] = useState<NotificationKind | null>(null);
  const sending = change.isPending ? change.variables : undefined;
  const disabled = settings.data?.notifications_disabled ?? [];

  const toggle = (kind: NotificationKind, enabled: boolean) => {
    setSaved(null);
    change.mutate({ kind, channel: 'email', enabled }, { onSuccess: () => setSaved(kind) });
  };

  return (
    <section className="mb-5" aria-labelledby="settings-notifications-title" id="notification-preferences">
      <h2 id="settings-notifications-title" className="h5">
        {t('title')}
      </h2>
      <p className="form-text mt-0">{t('intro')}</p>
      {disabled.length > 0 && (
        <div id="notifications-disabled" className="alert alert-warning" role="status">
          {disabled.map((reason) => (
            <p key={reason} className="mb-2">
              {t(`disabled.${reason}`)}
            </p>
          ))}
          {/* Asking for mail again fixes an unsubscribe and a complaint; a bounce needs the address confirmed again (above). */}
          {(disabled.includes('listunsubscribe') || disabled.includes('fbl')) && (
            <button id="notifications-enable" type="button" className="btn btn-sm btn-dark" disabled={enable.isPending} onClick={() => enable.mutate()}>
              {t('disabled.enable')}
            </button>
          )}
          <ServerError error={enable.error} id="notifications-enable-error" />
        </div>
      )}
      <fieldset disabled={!settings.data}>
        <legend className="h6">{t('email')}</legend>
        {NOTIFICATION_KINDS.map((kind) => {
          const stored = settings.data?.preferences[kind].email ?? false;
          const checked = sending?.kind === kind ? sending.enabled : stored;
          return (
            <div key={kind} className="form-check form-switch mb-2">
              <input
                id={`notify-email-${kind}`}
                className="form-check-input"
                type="checkbox"
                role="switch"
                checked={checked}
                aria-describedby={`notify-email-${kind}-help`}
                aria-busy={sending?.kind === kind || undefined}
                onChange={(event) => toggle(kind, event.target.checked)}
              />
              <label className="form-check-label" htmlFor={`notify-email-${kind}`}>
                {t(`kinds.${kind}.label`)}
              </label>
              <div id={`notify-email-${kind}-help`} className="form-text mt-0">
                {t(`kinds.${kind}.help`)}
                {isMarketingKind(kind) && ` ${t('marketing')}`}
              </div>
            </div>
          );
        })}
      </fieldset>
      <ServerError error={change.error ?? settings.error} id="notification-preferences-error" />
      <div aria-live="polite">
        {saved && !change.isPending && (
          <p id="notification-preferences-saved" className="text-success mb-0" role="status">
            {settings.data?.preferences[saved].email ? t('saved.on', { kind: t(`kinds.${saved}.label`) }) : t('saved.off', { kind: t(`kinds.${saved}.label`) })}
          </p>
        )}
      </div>
    </section>
  );
}

export function NotificationPreferences() {
  return (
    <NotificationSettingsTexts>
      <Preferences />
    </NotificationSettingsTexts>
  );
}
