import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_KINDS,
  isMarketingKind,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '@cupido/shared/rules/notifications';
import { ServerError } from '../session/server-error';
import { useSettings } from '../site/use-settings';
import { PushDevice } from '../web-push/push-device';
import { NOTIFICATION_SETTINGS_NS, NotificationSettingsTexts } from './notification-settings-texts';
import { useEnableMails, useNotificationSettings, useSetNotificationPreference, type PreferenceChange } from './notification-calls';

/**
 * The settings screen's "Notifications" section (spec section 3, issue 30): one switch per kind
 * and channel, e-mail and push, saved at once. Promotions and news are off until the member turns
 * them on (their consent is recorded then). When no mail goes out at all (a spam complaint, a
 * bounced address, "unsubscribe from everything" in a mail app) the section says why and how to
 * fix it. The push switches are the member's, for every device; whether this device gets pushes
 * is features/web-push's part (PushDevice), shown first in the push fieldset. A site without
 * VAPID keys sends no pushes and shows no push fieldset.
 */
function Preferences() {
  const { t } = useTranslation(NOTIFICATION_SETTINGS_NS);
  const settings = useNotificationSettings();
  const change = useSetNotificationPreference();
  const enable = useEnableMails();
  const pushAvailable = useSettings().push_public_key !== '';
  const [saved, setSaved] = useState<Saved | null>(null);
  const disabled = settings.data?.notifications_disabled ?? [];

  const toggle = (kind: NotificationKind, channel: NotificationChannel, enabled: boolean) => {
    setSaved(null);
    change.mutate({ kind, channel, enabled }, { onSuccess: () => setSaved({ kind, channel }) });
  };
  const switches = (channel: NotificationChannel) => (
    <ChannelSwitches
      channel={channel}
      stored={settings.data?.preferences}
      sending={change.isPending ? change.variables : undefined}
      onToggle={toggle}
      disabled={!settings.data}
    />
  );

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
            <button
              id="notifications-enable"
              type="button"
              className="btn btn-sm btn-dark"
              disabled={enable.isPending}
              onClick={() => enable.mutate()}
            >
              {t('disabled.enable')}
            </button>
          )}
          <ServerError error={enable.error} id="notifications-enable-error" />
        </div>
      )}
      <fieldset disabled={!settings.data}>
        <legend className="h6">{t('email')}</legend>
        {switches('email')}
      </fieldset>
      {pushAvailable && (
        <fieldset id="notify-push" className="mt-4" aria-describedby="notify-push-help">
          <legend className="h6">{t('push')}</legend>
          <p id="notify-push-help" className="form-text mt-0">
            {t('pushHelp')}
          </p>
          <PushDevice />
          {/* Only the switches wait for the stored choices; this device's button works at once. */}
          {switches('push')}
        </fieldset>
      )}
      <ServerError error={change.error ?? settings.error} id="notification-preferences-error" />
      <div aria-live="polite">
        {saved && !change.isPending && (
          <p id="notification-preferences-saved" className="text-success mb-0" role="status">
            {t(
              `${saved.channel === 'email' ? 'saved' : 'savedPush'}.${settings.data?.preferences[saved.kind][saved.channel] ? 'on' : 'off'}`,
              {
                kind: t(`kinds.${saved.kind}.label`),
              },
            )}
          </p>
        )}
      </div>
    </section>
  );
}

interface Saved {
  kind: NotificationKind;
  channel: NotificationChannel;
}

interface ChannelSwitchesProps {
  channel: NotificationChannel;
  stored: NotificationPreferences | undefined;
  /** The change on its way: its switch shows the choice until the answer comes. */
  sending: PreferenceChange | undefined;
  onToggle: (kind: NotificationKind, channel: NotificationChannel, enabled: boolean) => void;
  /** Until the stored choices are known. */
  disabled: boolean;
}

/**
 * One switch per kind for a channel (ids notify-<channel>-<kind>). E-mail switches say what each
 * mail is about; the push switches, under the same labels, only which are marketing.
 */
function ChannelSwitches({ channel, stored, sending, onToggle, disabled }: ChannelSwitchesProps) {
  const { t } = useTranslation(NOTIFICATION_SETTINGS_NS);
  return NOTIFICATION_KINDS.map((kind) => {
    const id = `notify-${channel}-${kind}`;
    const mine = sending?.kind === kind && sending.channel === channel;
    const checked = mine ? sending.enabled : (stored?.[kind][channel] ?? false);
    const help =
      channel === 'email'
        ? `${t(`kinds.${kind}.help`)}${isMarketingKind(kind) ? ` ${t('marketing')}` : ''}`
        : isMarketingKind(kind)
          ? t('marketing')
          : null;
    return (
      <div key={kind} className="form-check form-switch mb-2">
        <input
          id={id}
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={help ? `${id}-help` : undefined}
          aria-busy={mine || undefined}
          onChange={(event) => onToggle(kind, channel, event.target.checked)}
        />
        <label className="form-check-label" htmlFor={id}>
          {t(`kinds.${kind}.label`)}
        </label>
        {help && (
          <div id={`${id}-help`} className="form-text mt-0">
            {help}
          </div>
        )}
      </div>
    );
  });
}

export function NotificationPreferences() {
  return (
    <NotificationSettingsTexts>
      <Preferences />
    </NotificationSettingsTexts>
  );
}
