import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TLikedProfileCard } from '@cupido/shared/contracts/likes';
import { routePath } from '@cupido/shared/rules/routes';
import { ProfilePhoto } from '../profile-cards/profile-card';
import { FictionalBadge } from '../navigation/fictional-badge';
import { useSettings } from '../site/use-settings';
import { useSession } from '../session/use-session';
import { MemberAvatar } from '../../ui/member-avatar';
import { useChatMoney } from '../message-prices/chat-prices';
import { LIKES_NS, LikesTexts } from './likes-texts';
import './likes.scss';

export interface MatchModalProps {
  profile: TLikedProfileCard & { fictional?: { icon: string; singular: string; warning: string } | null };
  onClose: () => void;
}

/**
 * Spec section 4: the match/new-like modal with the liked profile (photo, name, age; a match shows
 * the member's own photo and name beside it, issue 29), a Message
 * button), the fictional badge and the site's fictional notice for a fictional profile. It
 * closes on a click anywhere in it or outside, and on Escape; react-bootstrap's Modal keeps the
 * focus inside while open and gives it back to where it was on closing.
 */
function Match({ profile, onClose }: MatchModalProps) {
  const { t } = useTranslation(LIKES_NS);
  const settings = useSettings();
  const { user } = useSession();
  const titleId = `${useId()}-title`;
  const isMatch = profile.like_state === 'match';
  const warning = profile.fictional?.warning ?? settings.fictional_warning;
  // Issue 29, paid actions ask first: the chat's own price of a message (the chat footer's hook), before the member opens it.
  const { perMessage } = useChatMoney();
  return (
    <Modal show onHide={onClose} centered aria-labelledby={titleId} id="match-modal" size="sm">
      {/* A click anywhere in the dialog closes it (spec); the Message link also navigates. */}
      <div className="text-center p-3" onClick={onClose}>
        <h2 id={titleId} className="h4 mb-3">
          {isMatch ? t('match.title') : t('match.newLikeTitle', { name: profile.name })}
        </h2>
        {isMatch && user ? (
          // A match is two people (issue 29): both photos and both names, side by side.
          <div id="match-modal-pair" className="match-modal__pair d-flex justify-content-center align-items-start gap-3 mb-2">
            <figure className="m-0">
              <div className="match-modal__photo match-modal__photo--pair rounded-circle overflow-hidden mx-auto">
                <MemberAvatar profile={user.profile} cdnPrefix={settings.cdn_prefix} size={96} />
              </div>
              <figcaption id="match-modal-own-name" className="fw-semibold mt-1 text-break">
                {user.profile.name}
              </figcaption>
            </figure>
            <span className="match-modal__heart text-primary fs-3 align-self-center" aria-hidden="true">
              ♥
            </span>
            <figure className="m-0">
              <div className="match-modal__photo match-modal__photo--pair rounded-circle overflow-hidden mx-auto">
                <ProfilePhoto name={profile.name} src={profile.main_image} eager />
              </div>
              <figcaption id="match-modal-name" className="fw-semibold mt-1 text-break">
                {profile.name}, {profile.age}
              </figcaption>
            </figure>
          </div>
        ) : (
          <>
            <div className="match-modal__photo mx-auto mb-3 rounded-circle overflow-hidden">
              <ProfilePhoto name={profile.name} src={profile.main_image} eager />
            </div>
            <p id="match-modal-name" className="fw-semibold fs-5 mb-1">
              {profile.name}, {profile.age}
            </p>
          </>
        )}
        {profile.is_fictional && (
          <div className="mb-2">
            <FictionalBadge />
          </div>
        )}
        <p className="text-body-secondary">
          {isMatch ? t('match.text', { name: profile.name }) : t('match.newLikeText', { name: profile.name })}
        </p>
        {profile.is_fictional && (
          <p id="match-modal-fictional" className="alert alert-warning small text-start" role="note">
            {warning}
          </p>
        )}
        <div className="d-grid gap-2">
          <Link id="match-modal-message" to={`${routePath('members-id', { id: profile.id })}/chat`} className="btn btn-primary">
            {t('match.message')}
          </Link>
          {perMessage && (
            <p id="match-modal-price" className="small text-body-secondary mb-0">
              {t('match.fromPrice', { money: perMessage })}
            </p>
          )}
          <button id="match-modal-close" type="button" className="btn btn-outline-secondary">
            {t('match.close')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

export default function MatchModalView(props: MatchModalProps) {
  return (
    <LikesTexts>
      <Match {...props} />
    </LikesTexts>
  );
}
