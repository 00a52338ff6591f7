import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TUser } from '@cupido/shared/contracts/accounts';
import { routePath } from '@cupido/shared/rules/routes';
import { ServerError } from '../session/server-error';
import { useEnableMails } from './notification-calls';
import { NOTIFICATION_SETTINGS_NS, NotificationSettingsTexts } from './notification-settings-texts';
import { dismissedPrefix } from './notifications-disabled-dismissal';

type Reason = TUser['notifications_disabled'][number];

export const dismissedKey = (userId: number, reason: Reason) => `${dismissedPrefix(userId)}${reason}`;

function wasDismissed(userId: number, reason: Reason): boolean {
  try {
    return window.localStorage.getItem(dismissedKey(userId, reason)) !== null;
  } catch {
    return false; // storage blocked: the alert shows, the safe side
  }
}

function rememberDismissed(userId: number, reason: Reason): void {
  try {
    window.localStorage.setItem(dismissedKey(userId, reason), new Date().toISOString());
  } catch {
    // Without storage the dismissal lasts for this page only.
  }
}

interface AlertProps {
  userId: number;
  email: string;
  reasons: readonly Reason[];
}

/** The disabled-notifications alert (spec sections 4 and 8), loaded only for a member who gets no mail. */
export default function NotificationsDisabledAlert(props: AlertProps) {
  return (
    <NotificationSettingsTexts>
      <Alert {...props} />
    </NotificationSettingsTexts>
  );
}

function Alert({ userId, email, reasons }: AlertProps) {
  const { t } = useTranslation(NOTIFICATION_SETTINGS_NS);
  const enable = useEnableMails();
  const [dismissed, setDismissed] = useState(() => new Set(reasons.filter((reason) => wasDismissed(userId, reason))));
  const shown = reasons.filter((reason) => !dismissed.has(reason));
  if (shown.length === 0) return null;

  const dismiss = () => {
    for (const reason of shown) rememberDismissed(userId, reason);
    setDismissed(new Set([...dismissed, ...shown]));
  };
  // One action fixes a complaint and an unsubscribe alike (the member asks for mail again); a bounced
  // address is fixed by confirming it again in the settings' e-mail form.
  const canEnable = shown.some((reason) => reason !== 'bounce');

  return (
    <div className="container pt-3">
      {/* Compact on a phone and in the page's flow (never fixed over it); a long address wraps. */}
      <div id="notifications-disabled-alert" className="alert alert-warning alert-dismissible mb-0 py-2 py-sm-3" role="status">
        {shown.map((reason) => (
          <p key={reason} className="small mb-2 text-break" data-reason={reason}>
            <strong>{t('alert.title', { reason: t(`alert.reasons.${reason}`) })}</strong> {t(`alert.${reason}`, { email })}
          </p>
        ))}
        <div className="d-flex flex-wrap gap-2">
          {shown.includes('bounce') && (
            <Link
              id="notifications-confirm-address"
              className="btn btn-sm btn-dark"
              to={`${routePath('notifications')}#settings-email-title`}
            >
              {t('alert.confirmAddress')}
            </Link>
          )}
          {canEnable && (
            <button
              id="notifications-alert-enable"
              type="button"
              className="btn btn-sm btn-dark"
              disabled={enable.isPending}
              onClick={() => enable.mutate()}
            >
              {t('disabled.enable')}
            </button>
          )}
        </div>
        <ServerError error={enable.error} id="notifications-alert-enable-error" />
        <button type="button" className="btn-close" aria-label={t('alert.dismiss')} onClick={dismiss} />
      </div>
    </div>
  );
}
