import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMemberProfile } from '@cupido/shared/contracts/profiles';
import { ProfilePhoto } from '../profile-cards/profile-card';
import { ProfileFictionalBadge, ProfileFictionalWarning, type ProfileFictional } from '../profiles/member/profile-fictional';
import type { LandingTheme, LandingVariant } from './landing-themes';
import { AboutText, LandingSignup, MessageBox, ProfileSummary, usePlace } from './landing-parts';
import { MEMBER_LANDING_NS } from './member-landing-texts';

export interface DesignProps {
  profile: TMemberProfile;
  fictional: ProfileFictional | null;
  theme: LandingTheme;
  landingPage: string;
  onLeave: () => void;
}

/** /members/{id}/landing: the profile first, then a "write to <name>" box that becomes the signup. */
function ProfileFirst({ profile, fictional, landingPage, onLeave }: DesignProps) {
  const { t } = useTranslation(MEMBER_LANDING_NS);
  const [message, setMessage] = useState<string | null>(null);
  const name = profile.name;
  return (
    <>
      <ProfileSummary profile={profile} fictional={fictional} />
      {message === null ? (
        <MessageBox heading={t('writeTo', { name })} label={t('messageLabel', { name })} onSubmit={setMessage}>
          <p className="small text-body-secondary">{t('messageHelp', { name })}</p>
        </MessageBox>
      ) : (
        <LandingSignup
          profileId={profile.id}
          name={name}
          title={t('signupTitle')}
          message={message}
          landingPage={landingPage}
          focus
          onLeave={onLeave}
        />
      )}
    </>
  );
}

/** /members/{id}/signup: the form first (its message field writes to the profile), the profile below it. */
function FormFirst({ profile, fictional, landingPage, onLeave }: DesignProps) {
  const { t } = useTranslation(MEMBER_LANDING_NS);
  return (
    <>
      {/* The disclosure comes before the form too: the visitor knows before signing up (trust.md). */}
      {fictional && <ProfileFictionalWarning id="landing-fictional-notice" fictional={fictional} />}
      <LandingSignup
        profileId={profile.id}
        name={profile.name}
        heading="h1"
        title={t('signupFirstTitle', { name: profile.name })}
        landingPage={landingPage}
        onLeave={onLeave}
      />
      <ProfileSummary profile={profile} fictional={fictional} heading="h2" />
    </>
  );
}

/** /members/{id}/landing2/{slug?}: photo-led; the theme's headline over a large photo, one button to the signup. */
function PhotoLed({ profile, fictional, theme, landingPage, onLeave }: DesignProps) {
  const { t } = useTranslation(MEMBER_LANDING_NS);
  const [open, setOpen] = useState(false);
  const place = usePlace(profile);
  const name = profile.name;
  return (
    <>
      <h1 id="landing-headline" className="h3 text-center mb-3">
        {t(`themes.${theme}`)}
      </h1>
      <figure id="landing-profile" className="member-landing__hero mb-3" data-profile-id={profile.id}>
        <div className="ratio ratio-1x1">
          <ProfilePhoto name={name} src={profile.main_image} eager />
        </div>
        <figcaption className="p-3">
          <p id="landing-name" className="h4 mb-1">
            {name}, {profile.age}
          </p>
          {place && (
            <p id="landing-place" className="mb-2">
              {place}
            </p>
          )}
          {fictional && <ProfileFictionalBadge id="landing-fictional-badge" fictional={fictional} />}
        </figcaption>
      </figure>
      {fictional && <ProfileFictionalWarning id="landing-fictional-warning" fictional={fictional} />}
      {open ? (
        <LandingSignup
          profileId={profile.id}
          name={name}
          title={t('signupFirstTitle', { name })}
          landingPage={landingPage}
          focus
          onLeave={onLeave}
        />
      ) : (
        <button id="landing-chat" type="button" className="btn btn-primary btn-lg w-100 mb-4" onClick={() => setOpen(true)}>
          {t('chatWith', { name })}
        </button>
      )}
      {profile.about && (
        <section className="mb-4" aria-labelledby="landing-about-title">
          <AboutText profile={profile} />
        </section>
      )}
    </>
  );
}

/**
 * /members/{id}/landing3/{slug?}: chat-bubble-led. The bubble quotes the profile's own about text,
 * labelled as such: nothing pretends the profile has written to the visitor (trust.md, no faked activity).
 */
function ChatLed({ profile, fictional, theme, landingPage, onLeave }: DesignProps) {
  const { t } = useTranslation(MEMBER_LANDING_NS);
  const [message, setMessage] = useState<string | null>(null);
  const place = usePlace(profile);
  const name = profile.name;
  return (
    <>
      <h1 id="landing-headline" className="h3 mb-3">
        {t(`themes.${theme}`)}
      </h1>
      <section id="landing-profile" className="card shadow-sm mb-4" aria-labelledby="landing-name" data-profile-id={profile.id}>
        <div className="card-header d-flex gap-2 align-items-center">
          <div className="member-landing__bubble-avatar flex-shrink-0">
            <ProfilePhoto name={name} src={profile.main_image} eager />
          </div>
          <div>
            <h2 id="landing-name" className="h5 mb-0">
              {name}, {profile.age}
            </h2>
            {place && (
              <p id="landing-place" className="small mb-0 text-body-secondary">
                {place}
              </p>
            )}
          </div>
          {fictional && (
            <div className="ms-auto">
              <ProfileFictionalBadge id="landing-fictional-badge" fictional={fictional} />
            </div>
          )}
        </div>
        <div className="card-body">
          {fictional && <ProfileFictionalWarning id="landing-fictional-warning" fictional={fictional} />}
          {profile.about && (
            <figure className="member-landing__bubble mb-3">
              <blockquote id="landing-about" className="mb-1" style={{ whiteSpace: 'pre-line' }}>
                {profile.about}
              </blockquote>
              <figcaption className="small text-body-secondary">{t('fromProfile', { name })}</figcaption>
            </figure>
          )}
          {message === null && <MessageBox label={t('yourReply', { name })} onSubmit={setMessage} />}
        </div>
      </section>
      {message !== null && (
        <LandingSignup
          profileId={profile.id}
          name={name}
          title={t('signupTitle')}
          message={message}
          landingPage={landingPage}
          focus
          onLeave={onLeave}
        />
      )}
    </>
  );
}

export const DESIGNS: Record<LandingVariant, (props: DesignProps) => React.JSX.Element> = {
  landing: ProfileFirst,
  signup: FormFirst,
  landing2: PhotoLed,
  landing3: ChatLed,
};
