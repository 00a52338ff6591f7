import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@cupido/shared/rules/accounts';
import { isSignupAllowed } from '@cupido/shared/rules/site-shell';
import { LOCALES } from '@cupido/shared/rules/locales';
import { routePath } from '@cupido/shared/rules/routes';
import { useLocale } from '../../locale/use-locale';
import { forgetSessionSeeking, keepSessionSeeking } from '../../session-seeking/session-seeking';
import { useSettings } from '../../site/use-settings';
import { hasTrafficSource, readTracking, signupTracking } from '../../tracking/tracking';
import { signupLandingPage } from '../../tracking/landing-page';
import { ACCOUNTS_NS } from '../accounts-texts';
import { useSignup } from '../account-calls';
import { EmailSuggestion, useEmailSuggestion } from '../form/email-suggestion';
import { controlProps, FieldError, TextAreaField, TextField } from '../../../ui/form/field';
import { SelectField } from '../../../ui/form/select-field';
import { PasswordField } from '../form/password-field';
import { useAccountForm } from '../form/use-account-form';
import { PendingDeletionHelp } from '../pending-deletion-help';
import { lazyWithReload } from '../../../platform/chunk-reload';
import type { PartnerRedirectReason } from '../../promotions/partner-redirect-notice';
import { ChoiceField } from './choice-field';
import { DateOfBirthField } from './date-of-birth-field';
import './consent-checkbox.scss';
import { EMPTY_SIGNUP, initialCountry, isSeeking, signupFormSchema, type SignupField } from './signup-rules';

const PartnerRedirectNotice = lazyWithReload(() => import('../../promotions/partner-redirect-notice'));

/** Element ids, for labels, errors and the browser tests, in the order of the form. */
const IDS: Record<SignupField, string> = {
  gender: 'signup-gender-male', // the group is signup-gender; focus goes to its first radio
  looking_for: 'signup-looking-for-male', // the group is signup-looking-for
  email: 'signup-email',
  name: 'signup-name',
  password: 'signup-password',
  date_of_birth: 'signup-date-of-birth-day', // the group is signup-date-of-birth; focus goes to its first select
  country: 'signup-country',
  signup_message: 'signup-message',
  consent_terms: 'signup-consent-terms',
  consent_orientation_data: 'signup-consent-orientation',
};

/** Where a new member lands: the members page, which shows the activation reminder. */
export const SIGNUP_COMPLETE_PATH = `${routePath('members')}?api_signup_complete=1`;

export interface SignupFormProps {
  /** The profile the visitor came from: the optional first message goes to it. */
  profileId?: number;
  /** Told while the request runs, so the modal can refuse to close. */
  onSubmittingChange?: (submitting: boolean) => void;
  /** Called when the form leaves: success, or a link to log in instead. */
  onLeave?: () => void;
  /** The first message as the visitor already wrote it (a member landing page's message box). */
  initialMessage?: string;
  /** The path of the page the signup happens on (a member landing page), sent as landing_page for the traffic figures. */
  landingPage?: string;
}

/** Spec sections 2, 3 and 5: the signup form of the modal and of /signup. */
export function SignupForm(props: SignupFormProps) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const settings = useSettings();
  const [allowed] = useState(() => isSignupAllowed(settings.signups, hasTrafficSource()));
  // A visitor from a country the site does not serve may be offered its partner site (issue 31).
  const [countryServed] = useState(() => !settings.geoip_country || settings.countries.includes(settings.geoip_country));
  if (!allowed) {
    return (
      <>
        <PartnerNotice reason="closed" />
        <div id="signup-invite-only" className="alert alert-info mb-0" role="status">
          <h3 className="h6 alert-heading">{t('signup.inviteOnlyTitle')}</h3>
          <p className="mb-0">{t('signup.inviteOnly')}</p>
        </div>
      </>
    );
  }
  return (
    <>
      {!countryServed && <PartnerNotice reason="country" />}
      <OpenSignupForm {...props} />
    </>
  );
}

/** The partner-redirect notice (decision 051), its own chunk: nothing shows unless the site has a partner for this visitor. */
function PartnerNotice({ reason }: { reason: PartnerRedirectReason }) {
  return (
    <Suspense fallback={null}>
      <PartnerRedirectNotice reason={reason} />
    </Suspense>
  );
}

function OpenSignupForm({ profileId, onSubmittingChange, onLeave, initialMessage = '', landingPage }: SignupFormProps) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const settings = useSettings();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const signup = useSignup();
  const schema = useMemo(
    () => signupFormSchema({ minimumAge: settings.minimum_age, messageLength: settings.message_length }, profileId),
    [settings.minimum_age, settings.message_length, profileId],
  );
  // The country starts from the detected one (or the lander's), when the site serves it; the
  // e-mail address from the link the visitor came by (its `email` parameter), when it had one.
  const [defaultValues] = useState(() => ({
    ...EMPTY_SIGNUP,
    email: readTracking().email ?? '',
    country: initialCountry(settings),
    signup_message: profileId ? initialMessage : '',
  }));
  // The name may not be the e-mail address: typing the address checks the name again.
  const form = useAccountForm({ schema, defaultValues, ids: IDS, dependents: { email: ['name'] } });
  const countryName = useCountryName();
  const email = form.bind('email');
  const [emailLeft, setEmailLeft] = useState(false);
  const suggestion = useEmailSuggestion(email.value, emailLeft);

  useEffect(() => onSubmittingChange?.(signup.isPending), [signup.isPending, onSubmittingChange]);

  const submit = form.onSubmit((request) => {
    if (signup.isPending) return;
    signup.mutate(
      {
        ...request,
        language: locale,
        ...signupTracking(), // the traffic source, stored only with the ad-tracking consent (decision 024)
        // This page's own path, else the lander the visit came in by (decision 052).
        ...(landingPage ? { landing_page: landingPage } : signupLandingPage()),
      },
      {
        onSuccess: ({ user }) => {
          // Without the orientation consent the server kept nothing of whom the member looks for:
          // this tab keeps it, so matching still follows it (decision 036).
          if (!request.consent_orientation_data && request.looking_for && isSeeking(request.looking_for))
            keepSessionSeeking(user.id, request.looking_for);
          else forgetSessionSeeking();
          onLeave?.();
          navigate(SIGNUP_COMPLETE_PATH);
        },
        onError: (error) => {
          // These two are about the account, not the typing: they get their own help below.
          if (error.code === 'email_exists' || error.code === 'account_pending_deletion') return;
          form.showServerError(error);
        },
      },
    );
  });

  const accountError = signup.error && ['email_exists', 'account_pending_deletion'].includes(signup.error.code) ? signup.error : null;
  const termsLink = (path: string) => <a href={path} target="_blank" rel="noopener" />;
  const submitting = signup.isPending;

  return (
    <form id="signup-form" noValidate onSubmit={submit} aria-busy={submitting}>
      <p className="text-body-secondary">{t('signup.intro', { min_age: settings.minimum_age })}</p>

      <ChoiceField
        id="signup-gender"
        legend={t('fields.gender')}
        options={[
          { value: 'male', label: t('fields.genderOptions.male') },
          { value: 'female', label: t('fields.genderOptions.female') },
        ]}
        {...form.bind('gender')}
      />
      <ChoiceField
        id="signup-looking-for"
        legend={t('fields.lookingFor')}
        options={[
          { value: 'male', label: t('fields.lookingForOptions.male') },
          { value: 'female', label: t('fields.lookingForOptions.female') },
          { value: 'both', label: t('fields.lookingForOptions.both') },
        ]}
        help={t('fields.lookingForHelp')}
        {...form.bind('looking_for')}
      />

      <TextField
        id={IDS.email}
        label={t('fields.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        {...email}
        onBlur={() => {
          email.onBlur?.();
          setEmailLeft(true);
        }}
        after={
          <EmailSuggestion
            id={IDS.email}
            suggestion={suggestion}
            onAccept={(accepted) => {
              email.onChange(accepted);
              document.getElementById(IDS.email)?.focus();
            }}
          />
        }
      />
      {accountError?.code === 'email_exists' && (
        <div id="signup-email-exists" className="alert alert-info" role="alert">
          <p className="mb-2">{accountError.message}</p>
          <Link
            to={`${routePath('login')}?${new URLSearchParams({ email: email.value.trim() })}`}
            className="btn btn-primary btn-sm"
            onClick={onLeave}
          >
            {t('signup.loginWithEmail')}
          </Link>
        </div>
      )}
      {accountError?.code === 'account_pending_deletion' && (
        <PendingDeletionHelp id="signup-pending-deletion" message={accountError.message} email={email.value.trim()} />
      )}

      <TextField id={IDS.name} label={t('fields.name')} autoComplete="nickname" help={t('fields.nameHelp')} {...form.bind('name')} />

      <PasswordField
        id={IDS.password}
        label={t('fields.password')}
        autoComplete="new-password"
        help={t('fields.passwordHelp', { min: PASSWORD_MIN_LENGTH })}
        {...form.bind('password')}
      />

      <DateOfBirthField id="signup-date-of-birth" minimumAge={settings.minimum_age} {...form.bind('date_of_birth')} />

      {settings.countries.length > 1 && (
        <SelectField
          id={IDS.country}
          label={t('fields.country')}
          options={settings.countries.map((code) => ({ value: code, label: countryName(code) }))}
          {...form.bind('country', { checkOnBlur: false })}
        />
      )}

      {profileId !== undefined && (
        <TextAreaField
          id={IDS.signup_message}
          label={t('fields.signupMessage')}
          help={t('fields.signupMessageHelp')}
          {...form.bind('signup_message')}
        />
      )}

      <ConsentCheckbox id={IDS.consent_terms} {...form.bind('consent_terms')}>
        <Trans
          t={t}
          i18nKey="signup.consentTerms"
          components={{ terms: termsLink(routePath('pages-terms')), privacy: termsLink(routePath('pages-privacy')) }}
        />
      </ConsentCheckbox>
      <ConsentCheckbox id={IDS.consent_orientation_data} {...form.bind('consent_orientation_data')}>
        {t('signup.consentOrientation', { site: settings.name })}{' '}
        <span className="text-body-secondary">{t('signup.consentOrientationOptional')}</span>
      </ConsentCheckbox>

      {form.formError && (
        <div id="signup-error" className="alert alert-danger" role="alert">
          {form.formError.message}
        </div>
      )}

      <button id="signup-submit" type="submit" className="btn btn-primary btn-lg w-100" disabled={submitting}>
        {submitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {submitting ? t('signup.submitting') : t('signup.submit')}
      </button>
      <p className="text-center small mt-3 mb-0">
        {t('signup.alreadyMember')}{' '}
        <Link id="signup-login-link" to={routePath('login')} onClick={onLeave}>
          {t('common.logIn')}
        </Link>
      </p>
    </form>
  );
}

/** Country names in the member's language, from the browser's own data (as the profile screens name them). */
function useCountryName(): (code: string) => string {
  const { locale } = useLocale();
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([LOCALES.find((l) => l.code === locale)?.iso ?? locale], { type: 'region' });
    } catch {
      names = null;
    }
    return (code: string) => names?.of(code) ?? code;
  }, [locale]);
}

function ConsentCheckbox({
  id,
  value,
  error,
  onChange,
  onBlur,
  children,
}: {
  id: string;
  value: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  children: ReactNode;
}) {
  // Two labels for one box: the box's own 44 px target and the text, both tap to tick. A link
  // inside the text is interactive content, so tapping it follows the link and leaves the box.
  return (
    <div className="consent-check mb-3">
      <label className="consent-check-target" htmlFor={id}>
        <input
          {...controlProps(id, error)}
          className={`form-check-input${error ? ' is-invalid' : ''}`}
          type="checkbox"
          checked={value}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
        />
      </label>
      <div className="consent-check-text">
        <label className="consent-check-label small" htmlFor={id}>
          {children}
        </label>
        <FieldError id={id} error={error} />
      </div>
    </div>
  );
}
