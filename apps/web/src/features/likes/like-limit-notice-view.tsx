import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { FREE_DAILY_LIKES, formatCountdown } from '@cupido/shared/rules/likes';
import type { LimitNoticeVariant } from './like-dialogs';
import { LIKES_NS, LikesTexts } from './likes-texts';

export interface LikeLimitNoticeProps {
  variant?: LimitNoticeVariant;
  /** The member's next local midnight, when Likes start again. */
  resetAt: Date;
  id?: string;
}

/** The time left until `resetAt`, updated every second. */
function useCountdown(resetAt: Date): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return formatCountdown(resetAt.getTime() - now);
}

/**
 * Spec section 8, out of Likes: the text of the swipe game or of everywhere else, followed by a
 * live hours:minutes:seconds countdown. The status region announces the text once; the ticking
 * countdown is a timer with live updates off (a reader would otherwise hear it every second),
 * and the clock time of the reset stays readable for screen readers.
 */
function Notice({ variant = 'default', resetAt, id = 'like-limit-notice' }: LikeLimitNoticeProps) {
  const { t, i18n } = useTranslation(LIKES_NS);
  const countdown = useCountdown(resetAt);
  const resetTime = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(resetAt);
  return (
    <div id={id} className="like-limit-notice alert alert-warning mb-0" role="status" data-variant={variant}>
      {variant === 'swipe' ? t('limit.swipe') : t('limit.default', { limit: FREE_DAILY_LIKES })}
      <span className="like-limit-notice__countdown fw-semibold font-monospace" role="timer" aria-live="off">
        {countdown}
      </span>
      <span className="visually-hidden"> {t('limit.resetAt', { time: resetTime })}</span>
      {/* The spec's premium rules: premium members like without a daily limit (issue 29: offer it, not only the wait). */}
      <p className="mb-0 mt-2" id={`${id}-premium`}>
        {t('limit.premium')}{' '}
        <Link to={routePath('premium')} className="alert-link">
          {t('limit.premiumLink')}
        </Link>
      </p>
    </div>
  );
}

export default function LikeLimitNoticeView(props: LikeLimitNoticeProps) {
  return (
    <LikesTexts>
      <Notice {...props} />
    </LikesTexts>
  );
}
