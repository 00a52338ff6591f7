import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LikeState } from '@cupido/shared/rules/likes';
import { ApiError } from '../../api/client';
import type { LikeSource } from './like-calls';
import { LIKES_NS, LikesTexts } from './likes-texts';
import { useLikeAction } from './use-like-action';
import { useLikeStateOf } from './like-state';
import './likes.scss';

const likedByMe = (state: LikeState) => state === 'liked' || state === 'match';

/** The small visible state between the member and a profile (spec section 4); nothing for none. */
export function LikeStateLabel({ state, className = '' }: { state: LikeState; className?: string }) {
  const { t } = useTranslation(LIKES_NS);
  if (state === 'none') return null;
  return <span className={`like-state like-state--${state} badge rounded-pill ${className}`}>{t(`state.${state}`)}</span>;
}

interface LikeButtonProps {
  profileId: number;
  name: string;
  source: LikeSource;
  /** On cards: a round heart over the photo, its state label left to the card. */
  compact?: boolean;
  id?: string;
}

function LikeToggle({ profileId, name, source, compact = false, id }: LikeButtonProps) {
  const { t } = useTranslation(LIKES_NS);
  const stateOf = useLikeStateOf();
  const { like, unlike, pending } = useLikeAction();
  const [failed, setFailed] = useState(false);
  const state = stateOf(profileId);
  const pressed = likedByMe(state);

  const toggle = () => {
    // Not `disabled` while busy: a disabled button loses the focus, and a dialog the like opens
    // could not give it back.
    if (pending) return;
    setFailed(false);
    (pressed ? unlike(profileId) : like(profileId, source)).catch((error: unknown) => {
      // The daily limit and the burst limit open their own notice (useLikeAction); others are said here.
      if (!(error instanceof ApiError && error.status === 429)) setFailed(true);
    });
  };

  const heart = <span aria-hidden="true">{pressed ? '♥' : '♡'}</span>;
  const failure = failed && (
    <span className={compact ? 'visually-hidden' : 'small text-danger'} role="alert">
      {t('failed')}
    </span>
  );
  if (compact) {
    return (
      <>
        <button
          id={id}
          type="button"
          className={`like-heart btn btn-sm rounded-circle ${pressed ? 'btn-primary' : 'btn-light'}`}
          aria-pressed={pressed}
          aria-label={t('likeName', { name })}
          aria-disabled={pending}
          onClick={toggle}
        >
          {heart}
        </button>
        {failure}
      </>
    );
  }
  return (
    <span className="like-button d-inline-flex flex-wrap align-items-center gap-2">
      <button
        id={id}
        type="button"
        className={`btn btn-sm ${pressed ? 'btn-primary' : 'btn-outline-primary'}`}
        aria-pressed={pressed}
        aria-disabled={pending}
        onClick={toggle}
      >
        {heart} {t('like')}
      </button>
      <LikeStateLabel state={state} />
      {failure}
    </span>
  );
}

/**
 * Like and unlike a profile (a toggle button: pressed while the member likes it), with the state
 * label beside it. For members only: callers leave it out for visitors and the own profile.
 */
export function LikeButton(props: LikeButtonProps) {
  return (
    <LikesTexts>
      <LikeToggle {...props} />
    </LikesTexts>
  );
}

/** The state label of a card, from the likes store. */
export function CardLikeState({ profileId }: { profileId: number }) {
  const stateOf = useLikeStateOf();
  return (
    <LikesTexts>
      <LikeStateLabel state={stateOf(profileId)} className="mx-2 mb-2 align-self-start" />
    </LikesTexts>
  );
}
