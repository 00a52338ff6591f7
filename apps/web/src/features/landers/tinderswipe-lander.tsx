import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TProfileCard } from '@cupido/shared/contracts/profiles';
import { FictionalBadge } from '../navigation/fictional-badge';
import { ProfilePhoto } from '../profile-cards/profile-card';
import { useSettings } from '../site/use-settings';
import { useLanderMembers } from './lander-calls';
import type { LanderProps } from './lander-props';
import { LanderSignupAction, useLanderSignup } from './lander-signup';
import { LANDERS_NS } from './landers-texts';

/** Cards in the stack: members where the visitor may see them, else three questions. */
const STACK_SIZE = 5;
const QUESTIONS = ['chat', 'nearby', 'casual'] as const;
/** Pixels a card must be dragged sideways to count as a like (right) or a pass (left). */
const SWIPE_DISTANCE = 80;

type Card = { kind: 'member'; profile: TProfileCard } | { kind: 'question'; key: (typeof QUESTIONS)[number] };

/**
 * tinderswipe (empty layout): a stack of cards to like or pass, by the buttons, the arrow keys'
 * buttons or a swipe; after the last card the signup modal opens. A demo: nothing is liked on the
 * server, the choices only lead to signup.
 */
export function TinderSwipeLander({ name }: LanderProps) {
  const { t } = useTranslation(LANDERS_NS);
  const settings = useSettings();
  const members = useLanderMembers();
  const { allowed, open } = useLanderSignup();
  const [index, setIndex] = useState(0);
  const [drag, setDrag] = useState(0);
  const start = useRef<number | null>(null);

  const cards: Card[] =
    members.visible && members.profiles.length > 0
      ? members.profiles.slice(0, STACK_SIZE).map((profile) => ({ kind: 'member', profile }))
      : QUESTIONS.map((key) => ({ kind: 'question', key }));
  const done = index >= cards.length;
  const current = cards[index];

  const next = () => {
    setDrag(0);
    const following = index + 1;
    setIndex(following);
    if (following >= cards.length && allowed) open();
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    start.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setDrag(event.clientX - start.current);
  };
  const onPointerUp = () => {
    start.current = null;
    if (Math.abs(drag) >= SWIPE_DISTANCE) next();
    else setDrag(0);
  };

  return (
    <section className="lander-swipe container py-4 text-center flex-grow-1 d-flex flex-column align-items-center">
      <p className="fw-bold text-primary mb-1">{settings.logo_text || settings.name}</p>
      <h1 id="lander-headline" className="h3 fw-bold mb-2">
        {t(`${name}.headline`)}
      </h1>
      <p className="mb-3 lander-lead">{t(`${name}.lead`)}</p>
      {members.loading ? (
        <div className="lander-swipe__card lander-swipe__card--placeholder placeholder-shape" aria-hidden="true" />
      ) : done ? (
        <div id="lander-swipe-done" className="lander-swipe__done" role="status">
          <p className="h5 mb-3">{t('tinderswipe.done')}</p>
          <LanderSignupAction />
        </div>
      ) : (
        <>
          <p className="small text-body-secondary mb-2" id="lander-swipe-progress" aria-live="polite">
            {t('tinderswipe.progress', { current: index + 1, total: cards.length })}
          </p>
          <div
            id="lander-swipe-card"
            className="lander-swipe__card card"
            data-profile-id={current?.kind === 'member' ? current.profile.id : undefined}
            style={{ transform: drag ? `translateX(${drag}px) rotate(${drag / 20}deg)` : undefined }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              start.current = null;
              setDrag(0);
            }}
          >
            {current?.kind === 'member' ? (
              <>
                <div className="ratio ratio-1x1">
                  <ProfilePhoto name={current.profile.name} src={current.profile.main_image} eager />
                </div>
                <div className="card-body p-2">
                  <p className="fw-semibold mb-0 text-truncate">
                    {current.profile.name}, {current.profile.age}
                  </p>
                  {current.profile.city && <p className="small text-body-secondary mb-0 text-truncate">{current.profile.city}</p>}
                  {current.profile.is_fictional && (
                    <div className="mt-1">
                      <FictionalBadge />
                    </div>
                  )}
                </div>
              </>
            ) : current ? (
              <div className="card-body d-flex align-items-center justify-content-center lander-swipe__question">
                <p className="h4 mb-0">{t(`tinderswipe.questions.${current.key}`)}</p>
              </div>
            ) : null}
          </div>
          <div className="d-flex gap-3 justify-content-center mt-3">
            <button id="lander-swipe-pass" type="button" className="btn btn-outline-secondary btn-lg lander-swipe__button" onClick={next}>
              <span aria-hidden="true">✕</span> {t('tinderswipe.pass')}
            </button>
            <button id="lander-swipe-like" type="button" className="btn btn-primary btn-lg lander-swipe__button" onClick={next}>
              <span aria-hidden="true">♥</span> {t('tinderswipe.like')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
