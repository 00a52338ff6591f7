import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../session/server-error';
import { ApiError } from '../../api/client';
import { useSettings } from '../site/use-settings';
import { isSubscription, setPushState, usePushState } from './push-state';
import { readBrowserSubscription, turnOffPush, turnOnPush } from './push-subscription';
import { WEB_PUSH_NS, WebPushTexts } from './web-push-texts';

/**
 * This device in the settings' push section (issue 30): whether it gets the member's pushes, a
 * button to turn them on (asking the browser's permission) or off, and when the member blocked
 * the site's notifications, how to allow them in the browser (only the browser can undo a block).
 */
export function PushDevice() {
  return (
    <WebPushTexts>
      <Device />
    </WebPushTexts>
  );
}

function Device() {
  const { t } = useTranslation(WEB_PUSH_NS);
  const { name: site, push_public_key: publicKey } = useSettings();
  const { isCapable, isSubscribed } = usePushState();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  // Read again whenever the screen opens: the member may have allowed or blocked notifications in
  // the browser's own settings meanwhile.
  useEffect(() => {
    if (!isCapable) return;
    let current = true;
    readBrowserSubscription().then(
      (value) => current && setPushState({ isSubscribed: value }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [isCapable]);

  const run = async (change: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await change();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  if (!isCapable) {
    return (
      <p id="push-device" className="form-text mt-0">
        {t('device.unsupported', { site })}
      </p>
    );
  }
  if (isSubscribed === 'denied') {
    return (
      <p id="push-device" className="alert alert-warning small py-2" role="status">
        {t('device.denied', { site })}
      </p>
    );
  }
  if (isSubscribed === null) {
    return (
      <p id="push-device" className="form-text mt-0" aria-busy="true">
        {t('device.checking')}
      </p>
    );
  }
  const on = isSubscription(isSubscribed);
  return (
    <div id="push-device" className="mb-3">
      <p className="mb-2" role="status">
        {t(on ? 'device.on' : 'device.off')}
      </p>
      {on ? (
        <button
          id="push-disable"
          type="button"
          className="btn btn-outline-secondary btn-sm"
          disabled={busy}
          onClick={() => void run(() => turnOffPush({ strict: true }))}
        >
          {t('device.disable')}
        </button>
      ) : (
        <button
          id="push-enable"
          type="button"
          className="btn btn-primary btn-sm"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void run(() => turnOnPush(publicKey))}
        >
          {t('device.enable')}
        </button>
      )}
      {/* The server's refusal in its own words; a browser's failure (no push service) in ours. */}
      {error instanceof ApiError ? (
        <ServerError error={error} id="push-device-error" />
      ) : (
        error !== null && (
          <p id="push-device-error" className="small text-danger mt-2 mb-0" role="alert">
            {t('failed')}
          </p>
        )
      )}
    </div>
  );
}
