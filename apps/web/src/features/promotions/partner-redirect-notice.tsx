import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../site/use-settings';
import { usePartnerRedirect } from './promotion-calls';
import { PROMOTIONS_NS, PromotionsTexts } from './promotions-texts';

/** Seconds the notice shows before the visitor is taken to the partner. */
export const PARTNER_REDIRECT_SECONDS = 5;

export type PartnerRedirectReason = 'closed' | 'country';

export interface PartnerRedirectNoticeProps {
  /** Why the visitor cannot sign up here: signups closed to them, or a country the site does not serve. */
  reason: PartnerRedirectReason;
  /** The visitor chose to stay (the countdown has stopped). */
  onStay?: () => void;
  /** How the page leaves (tests replace it). */
  go?: (url: string) => void;
  /** How long the countdown runs (tests shorten it). */
  seconds?: number;
}

const leave = (url: string) => window.location.assign(url);

/**
 * Partner redirects (issue 31, decision 051): when the site has a partner for this visitor, the
 * page says where they will be taken (its host name) and why, counts down visibly, and offers to
 * go at once or to stay, which stops the countdown. Never a silent redirect. Nothing shows when no
 * partner is configured (the default).
 */
export default function PartnerRedirectNotice(props: PartnerRedirectNoticeProps) {
  const settings = useSettings();
  const redirect = usePartnerRedirect(settings.geoip_country, true);
  if (!redirect.data) return null;
  return (
    <PromotionsTexts>
      <Notice {...props} url={redirect.data.url} host={redirect.data.host} />
    </PromotionsTexts>
  );
}

function Notice({
  reason,
  onStay,
  go = leave,
  seconds: start = PARTNER_REDIRECT_SECONDS,
  url,
  host,
}: PartnerRedirectNoticeProps & { url: string; host: string }) {
  const { t } = useTranslation(PROMOTIONS_NS);
  const settings = useSettings();
  const [seconds, setSeconds] = useState(start);
  const [stayed, setStayed] = useState(false);
  const gone = useRef(false);

  useEffect(() => {
    if (stayed) return;
    if (seconds <= 0) {
      if (!gone.current) {
        gone.current = true;
        go(url);
      }
      return;
    }
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds, stayed, go, url]);

  if (stayed) return null;
  const stay = () => {
    setStayed(true);
    onStay?.();
  };
  return (
    <section id="partner-redirect" className="alert alert-warning" aria-labelledby="partner-redirect-title">
      <div role="status">
        <h2 id="partner-redirect-title" className="h6 alert-heading">
          {t('partner.title')}
        </h2>
        <p className="mb-2">{t(`partner.${reason}`, { site: settings.name, host })}</p>
      </div>
      {/* The count is seen, not read out every second: the status above already says where and why. */}
      <p id="partner-redirect-countdown" className="fw-semibold mb-2" aria-live="off">
        {t('partner.countdown', { seconds: Math.max(seconds, 0), host })}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <a id="partner-redirect-go" className="btn btn-primary" href={url} rel="noopener" onClick={() => (gone.current = true)}>
          {t('partner.goNow', { host })}
        </a>
        <button id="partner-redirect-stay" type="button" className="btn btn-outline-dark" onClick={stay}>
          {t('partner.stay', { site: settings.name })}
        </button>
      </div>
    </section>
  );
}
