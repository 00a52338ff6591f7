import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@cupido/shared/routes';
import { useSession } from '../session/use-session';
import { TIME_BONUS_NS, TimeBonusTexts } from './time-bonus-texts';
import {
  fetchWelcomeDiscount,
  formatHoursMinutesSeconds,
  rememberModalDismissed,
  secondsLeft,
  TIME_BONUS_MODAL_DELAY_MS,
  TIME_BONUS_TICK_MS,
  wasModalDismissed,
} from './time-bonus-clock';
import './time-bonus.scss';

// The modal (react-bootstrap) is fetched only when it is due.
const TimeBonusModal = lazy(() => import('./time-bonus-modal'));

export const TIME_BONUS_QUERY_KEY = ['time-bonus'] as const;

/** Where the member is already buying: the modal waits until they leave these pages. */
const BUYING_PATHS = [ROUTES.credits, ROUTES.directdebit, '/transactions'];
const isBuying = (pathname: string) => BUYING_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/**
 * The welcome time bonus (spec sections 4 and 9) of a logged-in non-paying member: the welcome
 * discount is asked for when the member logs in (the launcher mounts this per member), then the
 * time left counts down every second as h:mm:ss and the banner goes at 0. The modal appears
 * TIME_BONUS_MODAL_DELAY_MS after entering the members area while the bonus runs, the member has
 * no credits and never closed it before.
 */
export default function TimeBonus({ userId, signupDate }: { userId: number; signupDate: string }) {
  const { user } = useSession();
  const welcome = useQuery({
    queryKey: [...TIME_BONUS_QUERY_KEY, userId],
    queryFn: fetchWelcomeDiscount,
    staleTime: Infinity,
    retry: false,
  });
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(welcome.data, signupDate, now);
  const running = left > 0;

  useEffect(() => {
    if (!running) return;
    // Each tick reads the clock again, so a late or throttled tick never drifts the count.
    const timer = setInterval(() => setNow(Date.now()), TIME_BONUS_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  const [modalDue, setModalDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setModalDue(true), TIME_BONUS_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const [dismissed, setDismissed] = useState(() => wasModalDismissed(userId));
  const { pathname } = useLocation();

  if (!running || !welcome.data) return null;
  const percent = welcome.data.value_percentage;
  const timeLeft = formatHoursMinutesSeconds(left);
  const showModal = modalDue && !dismissed && user?.credits === 0 && !isBuying(pathname);
  const dismiss = () => {
    rememberModalDismissed(userId);
    setDismissed(true);
  };

  return (
    <TimeBonusTexts>
      <TimeBonusBanner percent={percent} timeLeft={timeLeft} />
      {showModal && (
        <Suspense fallback={null}>
          <TimeBonusModal percent={percent} timeLeft={timeLeft} onClose={dismiss} />
        </Suspense>
      )}
    </TimeBonusTexts>
  );
}

/**
 * The banner is fixed to the bottom of the screen: it arrives after the page (the discount call
 * answers later), and in the page's flow it would push everything down (a layout shift on a new
 * member's first pages). A spacer as tall as the bar, at the very end of <body> (outside the
 * layout's full-height column, so the footer does not move up either), keeps the end of the page
 * reachable; being last, it moves nothing above it.
 */
function TimeBonusBanner({ percent, timeLeft }: { percent: number; timeLeft: string }) {
  const { t } = useTranslation(TIME_BONUS_NS);
  const bar = useRef<HTMLElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // Called once on observing, then on every change (wrapping text, another language).
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      {createPortal(<div className="time-bonus-spacer" aria-hidden="true" style={height === null ? undefined : { height }} />, document.body)}
      <aside id="time-bonus-banner" ref={bar} className="time-bonus-banner" aria-label={t('banner.label')}>
        <div className="container d-flex flex-wrap align-items-center justify-content-center column-gap-2 row-gap-1 py-2 text-center">
          <strong>{t('banner.offer', { percent })}</strong>
          {/* role=timer: read when reached, never announced each second. */}
          <span id="time-bonus-time-left" role="timer">
            {t('banner.timeLeft', { timeLeft })}
          </span>
          <Link id="time-bonus-banner-link" to={ROUTES.credits} className="btn btn-sm btn-dark">
            {t('banner.claim')}
          </Link>
        </div>
      </aside>
    </>
  );
}
