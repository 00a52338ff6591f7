import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMemberProfile } from '@cupido/shared/contracts/profiles';
import { ProfilePhoto } from '../profile-cards/profile-card';
import { useCountryName } from '../profiles/profile-labels';
import { ProfileFictionalBadge, ProfileFictionalWarning, type ProfileFictional } from '../profiles/member/profile-fictional';
import { SignupForm } from '../accounts/signup/signup-form';
import { useSettings } from '../site/use-settings';
import { MEMBER_LANDING_NS } from './member-landing-texts';

type Heading = 'h1' | 'h2';

/** City and country in the visitor's language, as the profile page shows them. */
export function usePlace(profile: TMemberProfile): string {
  const countryName = useCountryName();
  return [profile.city, countryName(profile.country)].filter(Boolean).join(', ');
}

/** Name, age and place beside the photo, the fictional badge and warning (exactly as on the profile page), and the about text. */
export function ProfileSummary({
  profile,
  fictional,
  heading = 'h1',
}: {
  profile: TMemberProfile;
  fictional: ProfileFictional | null;
  heading?: Heading;
}) {
  const place = usePlace(profile);
  const Name = heading;
  return (
    <section id="landing-profile" className="mb-4" aria-labelledby="landing-name" data-profile-id={profile.id}>
      <div className="d-flex gap-3 align-items-center mb-3">
        <div className="member-landing__avatar flex-shrink-0">
          <ProfilePhoto name={profile.name} src={profile.main_image} eager />
        </div>
        <div>
          <Name id="landing-name" className={heading === 'h1' ? 'h3 mb-1' : 'h4 mb-1'}>
            {profile.name}, {profile.age}
          </Name>
          {place && (
            <p id="landing-place" className="mb-1 text-body-secondary">
              {place}
            </p>
          )}
          {fictional && <ProfileFictionalBadge id="landing-fictional-badge" fictional={fictional} />}
        </div>
      </div>
      {fictional && <ProfileFictionalWarning id="landing-fictional-warning" fictional={fictional} />}
      {profile.about && <AboutText profile={profile} />}
    </section>
  );
}

export function AboutText({ profile }: { profile: TMemberProfile }) {
  const { t } = useTranslation(MEMBER_LANDING_NS);
  return (
    <>
      <h2 id="landing-about-title" className="h5">
        {t('about', { name: profile.name })}
      </h2>
      <p id="landing-about" className="mb-0" style={{ whiteSpace: 'pre-line' }}>
        {profile.about}
      </p>
    </>
  );
}

/** The "write to <name>" box: a message first, then the signup that sends it. An empty message is refused with a translated error. */
export function MessageBox({
  label,
  heading,
  onSubmit,
  children,
}: {
  label: string;
  heading?: string;
  onSubmit: (message: string) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation(MEMBER_LANDING_NS);
  const settings = useSettings();
  const [message, setMessage] = useState('');
  const [error, setError] = useState(false);
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    if (!text) {
      setError(true);
      document.getElementById('landing-message')?.focus();
      return;
    }
    onSubmit(text);
  };
  return (
    <form
      id="landing-message-form"
      className="member-landing__message mb-4"
      noValidate
      onSubmit={submit}
      aria-labelledby={heading ? 'landing-message-title' : undefined}
    >
      {heading && (
        <h2 id="landing-message-title" className="h5">
          {heading}
        </h2>
      )}
      {children}
      <label htmlFor="landing-message" className="form-label">
        {label}
      </label>
      <textarea
        id="landing-message"
        className={`form-control${error ? ' is-invalid' : ''}`}
        rows={3}
        maxLength={settings.message_length}
        value={message}
        aria-invalid={error || undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setMessage(event.target.value);
          if (event.target.value.trim()) setError(false);
        }}
      />
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {t('messageRequired')}
        </div>
      )}
      <button id="landing-continue" type="submit" className="btn btn-primary btn-lg w-100 mt-3">
        {t('continue')}
      </button>
    </form>
  );
}

/**
 * The signup that starts the conversation: the accounts feature's form (issue 12) with the profile
 * as signup_profile_id, the message already written and this page's path as landing_page. Focus
 * moves to its heading when it replaces the message box, so a screen reader hears where it is.
 */
export function LandingSignup(props: {
  profileId: number;
  name: string;
  title: string;
  heading?: Heading;
  message?: string;
  landingPage: string;
  focus?: boolean;
  onLeave: () => void;
}) {
  const { t } = useTranslation(MEMBER_LANDING_NS);
  const settings = useSettings();
  const title = useRef<HTMLHeadingElement>(null);
  const Title = props.heading ?? 'h2';
  useEffect(() => {
    if (props.focus) title.current?.focus();
  }, [props.focus]);
  return (
    <section id="landing-signup" className="member-landing__signup card shadow-sm mb-4" aria-labelledby="landing-signup-title">
      <div className="card-body">
        <Title id="landing-signup-title" ref={title} tabIndex={-1} className="h4">
          {props.title}
        </Title>
        <p className="mb-1">{t('signupLead', { name: props.name })}</p>
        {settings.signup_credits > 0 && (
          <p id="landing-credits" className="fw-semibold">
            {t('credits', { number: settings.signup_credits })}
          </p>
        )}
        <SignupForm profileId={props.profileId} initialMessage={props.message} landingPage={props.landingPage} onLeave={props.onLeave} />
      </div>
    </section>
  );
}
