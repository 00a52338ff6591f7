import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TLikedProfileCard } from '@cupido/shared/contracts/likes';
import { routePath } from '@cupido/shared/rules/routes';
import { ApiError } from '../../api/client';
import { LikeLimitNotice, useLikeAction } from '../likes';
import { usePass } from './matching-calls';
import { MATCHING_NS } from './matching-texts';
import { FLY_OUT_MS, SwipeCard, type SwipeDecision } from './swipe-card';
import { useSwipeStack } from './use-swipe-stack';

/** Keys typed into a field or a dialog are theirs, not the game's. */
function isGameKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return false;
  const target = event.target instanceof Element ? event.target : null;
  return !target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], .modal');
}

/**
 * The swipe game (spec section 9): the stack of profiles, decided by a drag or swipe, the Like and
 * Pass buttons or the right and left arrow keys. A like counts toward the daily limit: a refused
 * like comes back on top (the limit notice is useLikeAction's). A pass is remembered by the server.
 * A polite live line says what happened and which profile is next.
 */
export function SwipeGame() {
  const { t } = useTranslation(MATCHING_NS);
  const stack = useSwipeStack();
  const { like } = useLikeAction();
  const { mutateAsync: sendPass } = usePass();
  const [leaving, setLeaving] = useState<{ profile: TLikedProfileCard; decision: SwipeDecision } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [limitReached, setLimitReached] = useState(false);
  const leaveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  const current = stack.waiting[0];
  const next = stack.waiting[1];
  const { take, putBack } = stack;
  // At 0 Likes left a like is not offered at all (issue 29): the button is off with the countdown
  // and the Premium offer beside it, and a drag or the right arrow does nothing; Pass still works.
  const outOfLikes = limitReached || stack.likesLeft === 0;

  const decide = useCallback(
    (decision: SwipeDecision) => {
      if (!current) return;
      if (decision === 'like' && outOfLikes) {
        setAnnouncement(t('swipe.limitBack', { name: current.name }));
        return;
      }
      take(current.id);
      setLeaving({ profile: current, decision });
      clearTimeout(leaveTimer.current);
      leaveTimer.current = setTimeout(() => setLeaving(null), FLY_OUT_MS);
      const then = next ? ` ${t('swipe.nextProfile', { name: next.name, age: next.age })}` : '';
      setAnnouncement((decision === 'like' ? t('swipe.liked', { name: current.name }) : t('swipe.passed', { name: current.name })) + then);

      const sent = decision === 'like' ? like(current.id, 'swipe') : sendPass(current.id);
      sent.catch((error: unknown) => {
        // A refusal that lasts (the profile cannot be liked, 403/404) takes the card away for good;
        // a limit, a server error or no connection brings it back for another try.
        const lasting = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
        if (lasting) {
          setAnnouncement(error.message);
          return;
        }
        putBack(current.id);
        const limit = error instanceof ApiError && error.code === 'like_limit_reached';
        if (limit) setLimitReached(true);
        setAnnouncement(limit ? t('swipe.limitBack', { name: current.name }) : t('swipe.failedBack', { name: current.name }));
      });
    },
    [current, next, take, putBack, like, sendPass, t, outOfLikes],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isGameKey(event)) return;
      event.preventDefault();
      decide(event.key === 'ArrowRight' ? 'like' : 'pass');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [decide]);

  // The buttons go disabled with the last card: the focus moves on to what the member can do next.
  const emptyTitle = useRef<HTMLHeadingElement>(null);
  const { finished } = stack;
  useEffect(() => {
    const focused = document.activeElement;
    if (finished && (!focused || focused === document.body || focused.closest('.swipe-actions'))) emptyTitle.current?.focus();
  }, [finished]);

  const leavingCard = leaving && !stack.waiting.some((p) => p.id === leaving.profile.id) ? leaving : null;

  return (
    <div className="swipe-game">
      <p className="small text-body-secondary text-center mb-3" id="swipe-help">
        {/* How to play is read to screen readers everywhere, shown from sm up: a phone's screen is for the card (issue 29). */}
        <span className="swipe-help__how">{t('swipe.help')}</span>
        {stack.likesLeft !== null && !outOfLikes && (
          <>
            {' '}
            <span id="swipe-likes-left">{t('swipe.likesLeft', { count: stack.likesLeft })}</span>
          </>
        )}
      </p>

      {/* useLikeAction opens the notice as a dialog; it stays here after closing, with its countdown. */}
      {outOfLikes && stack.likesResetAt && (
        <div className="mb-3">
          <LikeLimitNotice variant="swipe" resetAt={stack.likesResetAt} id="swipe-limit-notice" />
        </div>
      )}

      <div className="swipe-deck" aria-busy={stack.loading}>
        {/* Later in the DOM is higher in the stack: next, current, then the one flying out. */}
        {next && <SwipeCard key={next.id} profile={next} role="next" onDecide={decide} />}
        {current && <SwipeCard key={current.id} profile={current} role="current" onDecide={decide} />}
        {leavingCard && (
          <SwipeCard
            key={leavingCard.profile.id}
            profile={leavingCard.profile}
            role="leaving"
            decision={leavingCard.decision}
            onDecide={decide}
          />
        )}
        {stack.loading && (
          <div className="swipe-deck__message">
            <div className="spinner-border text-primary" role="status">
              <span className="visually-hidden">{t('swipe.loading')}</span>
            </div>
          </div>
        )}
        {stack.finished && (
          <div id="swipe-empty" className="swipe-deck__message text-center">
            <h2 className="h5" ref={emptyTitle} tabIndex={-1}>
              {t('swipe.emptyTitle')}
            </h2>
            <p className="text-body-secondary">{t('swipe.emptyText')}</p>
            <div className="d-grid gap-2">
              <Link to={routePath('match-finder')} className="btn btn-primary">
                {t('links.matchFinder')}
              </Link>
              <Link to={routePath('members')} className="btn btn-outline-primary">
                {t('links.search')}
              </Link>
            </div>
          </div>
        )}
        {stack.error && !current && !stack.loading && (
          <div className="swipe-deck__message text-center">
            <p className="text-danger" role="alert">
              {t('swipe.loadFailed')}
            </p>
            <button type="button" className="btn btn-outline-primary" onClick={stack.retry}>
              {t('swipe.retry')}
            </button>
          </div>
        )}
      </div>

      <div className="swipe-actions" role="group" aria-label={t('swipe.actions')}>
        <button
          type="button"
          id="swipe-pass"
          className="btn btn-outline-secondary swipe-actions__button"
          onClick={() => decide('pass')}
          disabled={!current}
          aria-label={current ? t('swipe.passName', { name: current.name }) : t('swipe.pass')}
          aria-describedby="swipe-help"
        >
          <span aria-hidden="true">✕</span> {t('swipe.pass')}
        </button>
        <button
          type="button"
          id="swipe-like"
          className="btn btn-primary swipe-actions__button"
          onClick={() => decide('like')}
          disabled={!current || outOfLikes}
          aria-label={current ? t('swipe.likeName', { name: current.name }) : t('swipe.like')}
          aria-describedby={outOfLikes ? 'swipe-limit-notice' : 'swipe-help'}
        >
          <span aria-hidden="true">♥</span> {t('swipe.like')}
        </button>
      </div>
      {current && (
        <p className="text-center mt-2 mb-0">
          <Link id="swipe-profile-link" to={routePath('members-id', { id: current.id })}>
            {t('swipe.viewProfile', { name: current.name })}
          </Link>
        </p>
      )}

      <p id="swipe-announcement" className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}
