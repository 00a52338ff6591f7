import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { captureTrackingParams, TRACKING_STORAGE_KEY } from '../../tracking/tracking';
import { SESSION_SEEKING_KEY, sessionSeeking } from '../../session-seeking/session-seeking';
import { SESSION_QUERY_KEY } from '../../session/use-session';
import { apiError, sentBodies, stubApi } from '../../../test/api-stub';
import { currentLocation, LocationProbe } from '../../../test/location-probe';
import { makeUser, renderWithProviders, type RenderOptions } from '../../../test/render-with-providers';
import { changeLocale } from '../../../i18n/i18n';
import { AccountsTexts } from '../accounts-texts';
import { SignupForm } from './signup-form';

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null;

function renderForm(options: RenderOptions & { profileId?: number } = {}) {
  return renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <SignupForm profileId={options.profileId} />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route: '/signup', ...options },
  );
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, overrides: { email?: string; name?: string } = {}) {
  await user.click(screen.getByRole('radio', { name: 'A woman' }));
  await user.click(screen.getByRole('radio', { name: 'Men' }));
  await user.type(input('signup-email'), overrides.email ?? 'anna@example.com');
  await user.type(input('signup-name'), overrides.name ?? 'Anna');
  await user.type(input('signup-password'), 'correct horse');
  await user.selectOptions(input('signup-date-of-birth-day'), '15');
  await user.selectOptions(input('signup-date-of-birth-month'), '05');
  await user.selectOptions(input('signup-date-of-birth-year'), '1990');
  await user.click(input('signup-consent-terms'));
  await user.click(input('signup-consent-orientation'));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('signup form', () => {
  it('has real labels and unticked consents, and shows every rule on an empty submit', async () => {
    const fetch = stubApi({});
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByLabelText('E-mail address')).toBe(input('signup-email'));
    expect(screen.getByLabelText('Username')).toBe(input('signup-name'));
    expect(screen.getByLabelText('Password')).toBe(input('signup-password'));
    expect(screen.getByLabelText('Day')).toBe(input('signup-date-of-birth-day'));
    expect(input('signup-consent-terms').checked).toBe(false);
    expect(input('signup-consent-orientation').checked).toBe(false);
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('/pages/terms');
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/pages/privacy');
    expect(screen.queryByLabelText('Your first message (optional)')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(errorOf('signup-gender')).toBe('Tell us whether you are a man or a woman');
    expect(errorOf('signup-looking-for')).toBe('Choose whom you are looking for');
    expect(errorOf('signup-email')).toBe('Invalid email');
    expect(errorOf('signup-name')).toBe('Enter a name of at least 2 characters');
    expect(errorOf('signup-password')).toBe('Your password needs at least 8 characters');
    expect(errorOf('signup-date-of-birth')).toBe('Enter your date of birth (18+)');
    expect(errorOf('signup-consent-terms')).toBe('Please tick this box to continue');
    expect(errorOf('signup-consent-orientation')).toBeNull();
    expect(input('signup-email').getAttribute('aria-invalid')).toBe('true');
    expect(input('signup-email').getAttribute('aria-describedby')).toBe('signup-email-error');
    expect(input('signup-email').className).toContain('is-invalid');
    expect(input('signup-name').getAttribute('aria-describedby')).toBe('signup-name-error signup-name-help');
    // The first step's first choice gets the focus.
    expect(document.activeElement).toBe(input('signup-gender-male'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks first who you are and whom you look for, as labelled radio groups', async () => {
    const user = userEvent.setup();
    renderForm();
    const form = document.getElementById('signup-form')!;
    // The two groups come before every other field.
    const firstControls = [...form.querySelectorAll('input, select, textarea')].slice(0, 6).map((el) => el.id);
    expect(firstControls).toEqual([
      'signup-gender-male',
      'signup-gender-female',
      'signup-looking-for-male',
      'signup-looking-for-female',
      'signup-looking-for-both',
      'signup-email',
    ]);
    const iAm = screen.getByRole('group', { name: 'I am' });
    expect(iAm.tagName).toBe('FIELDSET');
    expect(screen.getByRole('radio', { name: 'A man' })).toBe(input('signup-gender-male'));
    expect(screen.getByRole('radio', { name: 'A woman' })).toBe(input('signup-gender-female'));
    const lookingFor = screen.getByRole('group', { name: 'I am looking for' });
    expect(lookingFor.getAttribute('aria-describedby')).toBe('signup-looking-for-help');
    expect(document.getElementById('signup-looking-for-help')!.textContent).toContain('only if you give the consent below');
    for (const name of ['Men', 'Women', 'Both'])
      expect(screen.getByRole('radio', { name }).getAttribute('name')).toBe('signup-looking-for');
    expect(screen.getAllByRole('radio').every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);

    // Keyboard: Tab reaches the group, Space chooses; leaving a group unchosen says so.
    await user.tab();
    expect(document.activeElement).toBe(input('signup-gender-male'));
    await user.keyboard(' ');
    expect(input('signup-gender-male').checked).toBe(true);
    await user.tab();
    expect(document.activeElement?.getAttribute('name')).toBe('signup-looking-for');
    await user.tab();
    expect(errorOf('signup-looking-for')).toBe('Choose whom you are looking for');
    expect(input('signup-looking-for-both').getAttribute('aria-invalid')).toBe('true');
    expect(input('signup-looking-for-both').getAttribute('aria-describedby')).toBe('signup-looking-for-error signup-looking-for-help');
    await user.click(screen.getByRole('radio', { name: 'Both' }));
    expect(errorOf('signup-looking-for')).toBeNull();
    expect(errorOf('signup-gender')).toBeNull();
  });

  it("speaks the member's language in the first step", async () => {
    await changeLocale('pl');
    try {
      renderWithProviders(
        <AccountsTexts>
          <SignupForm />
        </AccountsTexts>,
        { route: '/signup', locale: 'pl' },
      );
      expect(await screen.findByRole('group', { name: 'Jestem' })).toBeTruthy();
      expect(screen.getByRole('radio', { name: 'Kobietą' })).toBeTruthy();
      expect(screen.getByRole('group', { name: 'Szukam' })).toBeTruthy();
      expect(screen.getByRole('radio', { name: 'Obu płci' })).toBeTruthy();
      expect(screen.getByLabelText('Kraj')).toBeTruthy();
    } finally {
      await changeLocale('en');
    }
  });

  it("starts the country from the detected one when the site serves it, else the site's first", () => {
    const { unmount } = renderForm({ settings: { countries: ['NL', 'BE', 'GB'], geoip_country: 'BE', geoip_selected_country: 'BE' } });
    const select = () => screen.getByLabelText('Country') as HTMLSelectElement;
    expect(select().value).toBe('BE');
    expect([...select().options].map((o) => o.value)).toEqual(['NL', 'BE', 'GB']);
    expect([...select().options].map((o) => o.textContent)).toContain('Belgium');
    unmount();
    renderForm({ settings: { countries: ['NL', 'BE', 'GB'], geoip_country: 'DE', geoip_selected_country: 'DE' } });
    expect(select().value).toBe('NL');
  });

  it('username: not the e-mail address, not starting with @ (checked on blur)', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(input('signup-email'), 'Anna@Example.com');
    await user.type(input('signup-name'), 'anna@example.com');
    await user.tab();
    expect(errorOf('signup-name')).toBe('Your username may not be your e-mail address');
    await user.clear(input('signup-name'));
    await user.type(input('signup-name'), '@anna');
    expect(errorOf('signup-name')).toBe('Your username may not start with @');
    await user.clear(input('signup-name'));
    await user.type(input('signup-name'), 'Anna');
    expect(errorOf('signup-name')).toBeNull();
  });

  it("date of birth: too young for the site's minimum age from the settings", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-15T12:00:00Z'));
    const user = userEvent.setup();
    renderForm({ settings: { minimum_age: 21 } });
    // Years start at 2025 - 21; born 1 December 2004 is 20 on 15 June 2025.
    expect(input('signup-date-of-birth-year').querySelectorAll('option')[1]!.textContent).toBe('2004');
    await user.selectOptions(input('signup-date-of-birth-day'), '1');
    await user.selectOptions(input('signup-date-of-birth-month'), 'December');
    await user.selectOptions(input('signup-date-of-birth-year'), '2004');
    await user.tab();
    expect(errorOf('signup-date-of-birth')).toBe('Enter your date of birth (21+)');
    expect(input('signup-date-of-birth-day').getAttribute('aria-describedby')).toBe('signup-date-of-birth-error');
    await user.selectOptions(input('signup-date-of-birth-month'), 'May');
    expect(errorOf('signup-date-of-birth')).toBeNull();
    await user.selectOptions(input('signup-date-of-birth-day'), '31');
    await user.selectOptions(input('signup-date-of-birth-month'), 'February');
    expect(errorOf('signup-date-of-birth')).toBe('Invalid date of birth');
  });

  it('invalid e-mail with a did-you-mean suggestion that one click accepts', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(input('signup-email'), 'anna@gmail');
    await user.tab();
    expect(errorOf('signup-email')).toBe('Invalid email');
    const suggestion = await screen.findByRole('button', { name: 'Did you mean anna@gmail.com?' });
    await user.click(suggestion);
    expect(input('signup-email').value).toBe('anna@gmail.com');
    expect(errorOf('signup-email')).toBeNull();
    expect(screen.queryByRole('button', { name: /Did you mean/ })).toBeNull();

    // A well-formed address with a typo in a known domain gets the suggestion too.
    await user.clear(input('signup-email'));
    await user.type(input('signup-email'), 'anna@gmial.com');
    await user.tab();
    expect(await screen.findByRole('button', { name: 'Did you mean anna@gmail.com?' })).toBeTruthy();
    expect(errorOf('signup-email')).toBeNull();
  });

  it('does not "correct" European providers', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(input('signup-email'), 'marco@libero.it');
    await user.tab();
    // The check of this address has finished (its live region is no longer busy), and found nothing.
    await waitFor(() => expect(document.getElementById('signup-email-suggestion-status')!.getAttribute('aria-busy')).toBe('false'));
    expect(screen.queryByRole('button', { name: /Did you mean/ })).toBeNull();
  });

  it('the terms are required; the orientation consent is optional and can be left unticked', async () => {
    const fetch = stubApi({ 'POST /api/signup.php': { status: 201, body: { user: makeUser({ status: 'not_confirmed' }) } } });
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(input('signup-consent-terms'));
    await user.click(input('signup-consent-orientation'));
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(errorOf('signup-consent-terms')).toBe('Please tick this box to continue');
    expect(errorOf('signup-consent-orientation')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByText(/Optional: you can also give this consent later/)).toBeTruthy();
    await user.click(input('signup-consent-terms'));
    expect(errorOf('signup-consent-terms')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/signup.php')).toHaveLength(1));
    expect(sentBodies(fetch, 'POST /api/signup.php')[0]).toMatchObject({ consent_terms: true, consent_orientation_data: false });
  });

  it('tapping the terms label ticks the box; the terms link inside it opens the terms in a new tab', async () => {
    const user = userEvent.setup();
    renderForm();
    const label = document.querySelector('label.consent-check-label[for="signup-consent-terms"]') as HTMLLabelElement;
    const link = label.querySelector('a[href="/pages/terms"]') as HTMLAnchorElement;
    expect(link.target).toBe('_blank');
    link.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot open tabs
    await user.click(link);
    expect(input('signup-consent-terms').checked).toBe(false);
    await user.click(label);
    expect(input('signup-consent-terms').checked).toBe(true);
  });

  it('signs up with tracking and language, logs the member in and goes to the members page', async () => {
    localStorage.setItem(TRACKING_STORAGE_KEY, JSON.stringify({ network: 'adnet', sub1: 'x' }));
    const member = makeUser({ status: 'not_confirmed', email: 'anna@example.com' });
    const fetch = stubApi({ 'POST /api/signup.php': { status: 201, body: { user: member } } });
    const user = userEvent.setup();
    const { queryClient } = renderForm();
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText('Country'), 'Netherlands');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(currentLocation()).toBe('/members?api_signup_complete=1'));
    expect(sentBodies(fetch, 'POST /api/signup.php')).toEqual([
      {
        email: 'anna@example.com',
        name: 'Anna',
        password: 'correct horse',
        date_of_birth: '1990-05-15',
        gender: 'female',
        looking_for: 'male',
        country: 'NL',
        consent_terms: true,
        consent_orientation_data: true,
        language: 'en',
        tracking: { network: 'adnet', sub1: 'x' },
      },
    ]);
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(member);
    // With the orientation consent the server keeps whom she looks for: the tab keeps nothing.
    expect(sessionStorage.getItem(SESSION_SEEKING_KEY)).toBeNull();
  });

  it('starts with the e-mail address of the link the visitor came by, which the visitor may change (issue 31)', async () => {
    window.history.replaceState(null, '', '/signup?network=n1&email=Eva%40Example.com');
    captureTrackingParams();
    renderForm();
    expect(input('signup-email').value).toBe('eva@example.com');
    window.history.replaceState(null, '', '/signup?email=no-address');
    sessionStorage.clear();
    captureTrackingParams();
    renderForm();
    expect((screen.getAllByLabelText('E-mail address').at(-1) as HTMLInputElement).value).toBe('');
  });

  it('without the orientation consent this tab keeps whom the member looks for, for that member only', async () => {
    const member = makeUser({ id: 41, status: 'not_confirmed' });
    const fetch = stubApi({ 'POST /api/signup.php': { status: 201, body: { user: member } } });
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('radio', { name: 'Both' }));
    await user.click(input('signup-consent-orientation'));
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(currentLocation()).toBe('/members?api_signup_complete=1'));
    expect(sentBodies(fetch, 'POST /api/signup.php')[0]).toMatchObject({
      gender: 'female',
      looking_for: 'both',
      consent_orientation_data: false,
    });
    expect(sessionSeeking(41)).toBe('both');
    expect(sessionSeeking(42)).toBeNull();
    expect(localStorage.getItem(SESSION_SEEKING_KEY)).toBeNull();
  });

  it('from a profile: offers the first message and sends it with the profile id', async () => {
    const fetch = stubApi({ 'POST /api/signup.php': { status: 201, body: { user: makeUser() } } });
    const user = userEvent.setup();
    renderForm({ profileId: 42 });
    await fillValid(user);
    await user.type(screen.getByLabelText('Your first message (optional)'), 'Hi there!');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/signup.php')).toHaveLength(1));
    expect(sentBodies(fetch, 'POST /api/signup.php')[0]).toMatchObject({ signup_profile_id: 42, signup_message: 'Hi there!' });
  });

  it("the first message is limited to the site's message length", async () => {
    const fetch = stubApi({});
    const user = userEvent.setup();
    renderForm({ profileId: 42, settings: { message_length: 10 } });
    await fillValid(user);
    await user.type(screen.getByLabelText('Your first message (optional)'), 'Hello there!');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(errorOf('signup-message')).toBe('Your message can be at most 10 characters long');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's field errors under the right input", async () => {
    stubApi({ 'POST /api/signup.php': apiError(400, 'name_starts_with_at', 'Je gebruikersnaam mag niet met @ beginnen', 'name') });
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(errorOf('signup-name')).toBe('Je gebruikersnaam mag niet met @ beginnen'));
    expect(input('signup-name').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('signup-email')).toBeNull();
    // Changing the field clears the server's verdict on it.
    await user.type(input('signup-name'), 'x');
    expect(errorOf('signup-name')).toBeNull();
  });

  it('an error without a field shows above the button (too many signups)', async () => {
    stubApi({
      'POST /api/signup.php': apiError(429, 'too_many_signups', 'Too many sign-ups from your connection, please try again later.'),
    });
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many sign-ups from your connection, please try again later.');
  });

  it('an existing e-mail address offers to log in with it', async () => {
    stubApi({
      'POST /api/signup.php': apiError(
        409,
        'email_exists',
        'An account with this e-mail address already exists. Would you like to log in?',
        'email',
      ),
    });
    const user = userEvent.setup();
    renderForm();
    await fillValid(user, { email: 'anna+1@example.com' });
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    const login = await screen.findByRole('link', { name: 'Log in with this address' });
    expect(login.getAttribute('href')).toBe('/login?email=anna%2B1%40example.com');
    expect(screen.getByText('An account with this e-mail address already exists. Would you like to log in?')).toBeTruthy();
  });

  it('an account pending deletion offers a reactivation mail and customer service', async () => {
    const fetch = stubApi({
      'POST /api/signup.php': apiError(409, 'account_pending_deletion', 'This account is pending deletion.', 'email'),
      'POST /api/reactivation-mail.php': { body: { sent: true } },
    });
    const user = userEvent.setup();
    renderForm({ settings: { support_email: 'help@cupido.test' } });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('This account is pending deletion.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'help@cupido.test' }).getAttribute('href')).toBe('mailto:help@cupido.test');
    await user.click(screen.getByRole('button', { name: 'Send me a reactivation e-mail' }));
    expect(await screen.findByText('We sent a reactivation link to anna@example.com. Click it to get your account back.')).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/reactivation-mail.php')).toEqual([{ email: 'anna@example.com', language: 'en' }]);
  });

  it('shows the invite-only message instead of the form when signups need a traffic source', () => {
    renderForm({ settings: { signups: 'with_trafficsource' } });
    expect(document.getElementById('signup-invite-only')!.textContent).toContain('Signing up is by invitation only at the moment.');
    expect(document.getElementById('signup-form')).toBeNull();
  });

  it('invite-only sites too, and with a known traffic source the form shows', () => {
    const { unmount } = renderForm({ settings: { signups: 'invite' } });
    expect(document.getElementById('signup-invite-only')).not.toBeNull();
    unmount();
    localStorage.setItem(TRACKING_STORAGE_KEY, JSON.stringify({ network: 'adnet' }));
    renderForm({ settings: { signups: 'with_trafficsource' } });
    expect(document.getElementById('signup-form')).not.toBeNull();
  });
});
