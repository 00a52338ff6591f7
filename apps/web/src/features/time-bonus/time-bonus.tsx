import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@cupido/shared/rules/routes';
import { useSession } from '../session/use-session';
import { TIME_BONUS_NS, TimeBonusTexts } from './time-bonus-texts';
import {
  formatHoursMinutesSeconds,
  timeBonusHoursLeft,
  TIME_BONUS_MODAL_DELAY_MS,
  TIME_BONUS_TICK_MS,
} from '@cupido/shared/rules/welcome-offer';
import { fetchWelcomeDiscount, rememberModalDismissed, secondsLeft, wasModalDismissed } from './time-bonus-clock';
import './time-bonus.scss';

// The modal (react-bootstrap) is fetched only when it is due.
const TimeBonusModal = lazy(() => import('./time-bonus-modal'));

export const TIME_BONUS_QUERY_KEY = ['time-bonus'] as const;

/**
 * Where the member is already buying: the bar, which leads there, is not shown on them (it would
 * only cover packages and buttons, issue 29), and the modal waits until they leave them.
 */
const BUYING_PATHS = [ROUTES.credits, ROUTES.directdebit, '/checkout', '/transactions'];
const isBuying = (pathname: string) => BUYING_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/**
 * The welcome time bonus (spec sections 4 and 9) of a logged-in non-paying member: the welcome
 * discount is asked for when the member logs in (the launcher mounts this per member), then the
 * time left counts down every second (the bar in whole hours, the modal as h:mm:ss) and both go at 0. The modal appears
 * TIME_BONUS_MODAL_DELAY_MS after entering the members area while the bonus runs, the member has
 * no credits and never closed it before.
 */
export default function TimeBonus({ userId, activatedAt }: { userId: number; activatedAt: string | null }) {
  const { user } = useSession();
  const welcome = useQuery({
    queryKey: [...TIME_BONUS_QUERY_KEY, userId],
    queryFn: fetchWelcomeDiscount,
    staleTime: Infinity,
    retry: false,
  });
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(welcome.data, activatedAt, now);
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
  const buying = isBuying(pathname);
  const showModal = modalDue && !dismissed && user?.credits === 0 && !buying;
  const dismiss = () => {
    rememberModalDismissed(userId);
    setDismissed(true);
  };

  return (
    <TimeBonusTexts>
      {!buying && <TimeBonusBanner percent={percent} hoursLeft={timeBonusHoursLeft(left)} />}
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
function TimeBonusBanner({ percent, hoursLeft }: { percent: number; hoursLeft: number }) {
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
      {createPortal(
        <div className="time-bonus-spacer" aria-hidden="true" style={height === null ? undefined : { height }} />,
        document.body,
      )}
      <aside id="time-bonus-banner" ref={bar} className="time-bonus-banner" aria-label={t('banner.label')}>
        {/* One slim line on a phone (issue 29): the percentage alone there, the full offer from 576 px. */}
        <div className="container d-flex flex-nowrap align-items-center justify-content-center column-gap-2 py-1 text-center">
          <strong className="d-none d-sm-inline">{t('banner.offer', { percent })}</strong>
          <strong className="d-sm-none">−{percent}%</strong>
          {/* Whole hours, as the spec words it; the seconds clock is the modal's. role=timer: read when reached, never announced. */}
          <span id="time-bonus-time-left" role="timer">
            {t('banner.timeLeft', { count: hoursLeft })}
          </span>
          <Link id="time-bonus-banner-link" to={ROUTES.credits} className="btn btn-sm btn-dark">
            {t('banner.claim')}
          </Link>
        </div>
      </aside>
    </>
  );
}
