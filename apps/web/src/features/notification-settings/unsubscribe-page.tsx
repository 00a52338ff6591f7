import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { usePageTitle } from '../page-title/use-page-title';
import { ServerError } from '../session/server-error';
import { NOTIFICATION_SETTINGS_NS, NotificationSettingsTexts } from './notification-settings-texts';
import { useUnsubscribe } from './notification-calls';

/**
 * /unsubscribe?token=…, where a notification mail's unsubscribe link leads (issue 30): opening it
 * turns that kind of mail off at once (the page posts the mail's signed token; a link scanner that
 * only fetches the address changes nothing), says so, and offers to turn it back on or to stop
 * every mail. No login: the token is the permission, for this member and this kind only.
 */
function Unsubscribe() {
  const { t } = useTranslation(NOTIFICATION_SETTINGS_NS);
  usePageTitle(t('unsubscribe.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const call = useUnsubscribe(token);
  const { mutate } = call;
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate('kind');
  }, [token, mutate]);

  const answer = call.data;
  const about = answer ? t(`kinds.${answer.kind}.about`) : '';
  return (
    <div className="container py-4" style={{ maxWidth: '40rem' }}>
      <h1 className="h3 mb-3">{t('unsubscribe.title')}</h1>
      {!token && <p id="unsubscribe-missing">{t('unsubscribe.missing')}</p>}
      {token && !answer && !call.error && (
        <p id="unsubscribe-working" role="status">
          {t('unsubscribe.working')}
        </p>
      )}
      <ServerError error={call.error} id="unsubscribe-error" />
      {answer && (
        <div aria-live="polite">
          <p id="unsubscribe-status" role="status" className="lead">
            {answer.all_disabled
              ? t('unsubscribe.allDone', { site: answer.site })
              : answer.email_enabled
                ? t('unsubscribe.undoDone', { kind: about, site: answer.site })
                : t('unsubscribe.done', { kind: about, site: answer.site })}
          </p>
          <div className="d-flex flex-wrap gap-2 mb-4">
            {(answer.all_disabled || !answer.email_enabled) && (
              <button
                id="unsubscribe-undo"
                type="button"
                className="btn btn-primary"
                disabled={call.isPending}
                onClick={() => mutate('undo')}
              >
                {t('unsubscribe.undo', { kind: about })}
              </button>
            )}
            {!answer.all_disabled && !answer.email_enabled && (
              <button
                id="unsubscribe-all"
                type="button"
                className="btn btn-outline-secondary"
                disabled={call.isPending}
                onClick={() => mutate('all')}
              >
                {t('unsubscribe.all')}
              </button>
            )}
            {answer.email_enabled && !answer.all_disabled && (
              <button
                id="unsubscribe-again"
                type="button"
                className="btn btn-outline-secondary"
                disabled={call.isPending}
                onClick={() => mutate('kind')}
              >
                {t('unsubscribe.again')}
              </button>
            )}
          </div>
        </div>
      )}
      <Link id="unsubscribe-settings" to={routePath('notifications')}>
        {t('unsubscribe.settings')}
      </Link>
    </div>
  );
}

export default function UnsubscribePage() {
  return (
    <NotificationSettingsTexts>
      <Unsubscribe />
    </NotificationSettingsTexts>
  );
}
