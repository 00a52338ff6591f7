import { useLayoutEffect, useRef } from 'react';
import { useDrag } from '@use-gesture/react';
import { useTranslation } from 'react-i18next';
import type { TLikedProfileCard } from '@cupido/shared/contracts/likes';
import { FictionalBadge } from '../navigation/fictional-badge';
import { ProfilePhoto } from '../profile-cards/profile-card';
import { MATCHING_NS } from './matching-texts';

export type SwipeDecision = 'like' | 'pass';
/** current: on top, draggable; next: waiting below it; leaving: flying out after a decision. */
export type SwipeCardRole = 'current' | 'next' | 'leaving';

/** How far a card must be dragged (share of its width) to count as a decision without a flick. */
const DECIDE_SHARE = 0.35;
export const FLY_OUT_MS = 280;

/**
 * Writes a drag position straight to the element: the card follows the finger at 60 fps without a
 * React render per frame, and only transform and opacity change (the compositor's work). The
 * like and pass stamps read --swipe-like and --swipe-pass for their opacity.
 */
function placeCard(element: HTMLElement, x: number, y: number, transition: string) {
  const width = element.offsetWidth || 1;
  element.style.transition = transition;
  element.style.transform = x === 0 && y === 0 ? '' : `translate3d(${x}px, ${y}px, 0) rotate(${(x / width) * 18}deg)`;
  element.style.setProperty('--swipe-like', String(Math.max(0, Math.min(1, x / (width * DECIDE_SHARE)))));
  element.style.setProperty('--swipe-pass', String(Math.max(0, Math.min(1, -x / (width * DECIDE_SHARE)))));
}

/** Sends a card off the screen to the side of its decision (liking: right, passing: left). */
function flyOut(element: HTMLElement, decision: SwipeDecision) {
  const direction = decision === 'like' ? 1 : -1;
  placeCard(
    element,
    direction * Math.max(window.innerWidth, 600) * 1.1,
    40,
    `transform ${FLY_OUT_MS}ms ease-in, opacity ${FLY_OUT_MS}ms ease-in`,
  );
  element.style.opacity = '0';
}

export interface SwipeCardProps {
  profile: TLikedProfileCard;
  role: SwipeCardRole;
  /** Which way a leaving card goes. */
  decision?: SwipeDecision;
  onDecide: (decision: SwipeDecision) => void;
}

/**
 * One card of the stack: photo, name, age, city and the fictional badge where it applies. The card
 * on top follows a drag or swipe (finger or mouse); a flick or a drag past a third of its width
 * decides, a shorter drag springs back. Screen readers get its description; the buttons below carry
 * the actions.
 */
export function SwipeCard({ profile, role, decision, onDecide }: SwipeCardProps) {
  const { t } = useTranslation(MATCHING_NS);
  const cardRef = useRef<HTMLElement>(null);

  // A role change is where the card's inline position is decided: a leaving card flies out; a
  // card back on top (a like refused at the limit) slides back to the middle.
  useLayoutEffect(() => {
    const element = cardRef.current;
    if (!element) return;
    if (role === 'leaving' && decision) flyOut(element, decision);
    else {
      element.style.opacity = '';
      placeCard(element, 0, 0, 'transform 200ms ease-out, opacity 200ms ease-out');
    }
  }, [role, decision]);

  const bind = useDrag(
    ({ active, last, movement: [mx, my], swipe: [swipeX], cancel }) => {
      const element = cardRef.current;
      if (!element) return;
      if (role !== 'current') {
        cancel();
        return;
      }
      if (active) {
        placeCard(element, mx, my * 0.25, 'none');
        return;
      }
      if (!last) return;
      const width = element.offsetWidth || 1;
      const dragged = Math.abs(mx) > width * DECIDE_SHARE ? Math.sign(mx) : 0;
      const direction = swipeX !== 0 ? swipeX : dragged;
      if (direction === 0) placeCard(element, 0, 0, 'transform 200ms ease-out');
      else onDecide(direction > 0 ? 'like' : 'pass');
    },
    // Arrow keys are the game's own (like and pass), not a keyboard drag of the card.
    { filterTaps: true, pointer: { keys: false } },
  );

  const hidden = role !== 'current';
  return (
    <article
      ref={cardRef}
      {...(role === 'current' ? bind() : {})}
      className={`swipe-card swipe-card--${role} card shadow`}
      data-profile-id={profile.id}
      aria-hidden={hidden || undefined}
      inert={hidden || undefined}
      aria-labelledby={`swipe-card-name-${profile.id}`}
      aria-describedby={`swipe-card-details-${profile.id}`}
    >
      <div className="swipe-card__photo">
        <ProfilePhoto name={profile.name} src={profile.main_image} eager />
        <span className="swipe-card__stamp swipe-card__stamp--like" aria-hidden="true">
          {t('swipe.stampLike')}
        </span>
        <span className="swipe-card__stamp swipe-card__stamp--pass" aria-hidden="true">
          {t('swipe.stampPass')}
        </span>
      </div>
      <div className="card-body">
        <h2 id={`swipe-card-name-${profile.id}`} className="h4 mb-1">
          {profile.name}, {profile.age}
        </h2>
        <p id={`swipe-card-details-${profile.id}`} className="mb-0 text-body-secondary">
          {profile.city && <span className="me-2">{profile.city}</span>}
          {profile.is_fictional && <FictionalBadge />}
        </p>
      </div>
    </article>
  );
}
