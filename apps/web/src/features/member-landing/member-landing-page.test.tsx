import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { ROUTES } from '@cupido/shared/rules/routes';
import { apiError, sentBodies, sentQueries, stubApi, type StubAnswer } from '../../test/api-stub';
import { currentLocation, LocationProbe } from '../../test/location-probe';
import { makeMemberAnswer, referenceDataStubs } from '../../test/profile-fixtures';
import { makeUser, renderWithProviders, type RenderOptions } from '../../test/render-with-providers';
import { changeLocale } from '../../i18n/i18n';
import { landingTheme } from './landing-themes';
import MemberLandingPage from './member-landing-page';

const VISIBLE = { logged_out_search: 'all' } as const;
const FICTIONAL = {
  is_fictional: true,
  fictional: {
    icon: '🎭',
    singular: 'Fictional profile',
    warning: 'Some profiles are run by our staff.',
  },
};

function renderLanding(route: string, member: StubAnswer = { body: makeMemberAnswer(FICTIONAL) }, options: RenderOptions = {}) {
  const fetch = stubApi({
    ...referenceDataStubs,
    'GET /api/member.php': member,
    'POST /api/signup.php': {
      status: 201,
      body: { user: makeUser({ status: 'not_confirmed' }) },
    },
  });
  renderWithProviders(
    <>
      <Routes>
        <Route path={ROUTES['members-id-landing']} element={<MemberLandingPage variant="landing" />} />
        <Route path={ROUTES['members-id-signup']} element={<MemberLandingPage variant="signup" />} />
        <Route path={ROUTES['members-id-landing2']} element={<MemberLandingPage variant="landing2" />} />
        <Route path={ROUTES['members-id-landing3']} element={<MemberLandingPage variant="landing3" />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { route, settings: VISIBLE, ...options },
  );
  return fetch;
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;

async function fillSignup(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'A man' }));
  await user.click(screen.getByRole('radio', { name: 'Women' }));
  await user.type(input('signup-email'), 'tom@example.com');
  await user.type(input('signup-name'), 'Tom');
  await user.type(input('signup-password'), 'correct horse');
  await user.selectOptions(input('signup-date-of-birth-day'), '15');
  await user.selectOptions(input('signup-date-of-birth-month'), '05');
  await user.selectOptions(input('signup-date-of-birth-year'), '1990');
  await user.click(input('signup-consent-terms'));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('member landing pages (/members/{id}/landing, /signup, /landing2, /landing3)', () => {
  it(
    'landing: the profile with its disclosure first; the message box becomes the signup, which writes to the profile',
    { timeout: 20_000 },
    async () => {
      const fetch = renderLanding('/members/42/landing');
      expect(await screen.findByRole('heading', { level: 1, name: 'Bram, 41' })).toBeTruthy();
      expect(sentQueries(fetch, 'GET /api/member.php')).toEqual([{ id: '42' }]);
      expect(document.getElementById('landing-place')!.textContent).toBe('Utrecht, Netherlands');
      expect(document.getElementById('landing-about')!.textContent).toBe('Cyclist and cook.');
      expect(document.getElementById('landing-fictional-badge')!.textContent).toBe(' Fictional profile');
      expect(document.getElementById('landing-fictional-warning')!.textContent).toBe('Some profiles are run by our staff.');
      expect(document.title).toBe('Write to Bram | Cupido Test');

      const user = userEvent.setup();
      // An empty message is refused in words, and no form appears.
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(screen.getByText('Write a message first')).toBeTruthy();
      expect(document.getElementById('signup-form')).toBeNull();

      await user.type(screen.getByLabelText('Your message to Bram'), 'Hi Bram, coffee?');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      const signup = await screen.findByRole('region', {
        name: 'Sign up to send your message',
      });
      await waitFor(() => expect(document.activeElement?.id).toBe('landing-signup-title'));
      expect(within(signup).getByText('Confirm your e-mail address and get free credits: 20')).toBeTruthy();
      expect((screen.getByLabelText('Your first message (optional)') as HTMLTextAreaElement).value).toBe('Hi Bram, coffee?');

      await fillSignup(user);
      await user.click(screen.getByRole('button', { name: 'Create my account' }));
      await waitFor(() => expect(sentBodies(fetch, 'POST /api/signup.php')).toHaveLength(1));
      expect(sentBodies(fetch, 'POST /api/signup.php')[0]).toMatchObject({
        signup_profile_id: 42,
        signup_message: 'Hi Bram, coffee?',
        landing_page: '/members/42/landing',
        email: 'tom@example.com',
      });
    },
  );

  it(
    'signup: the form first (its message goes to the profile), the disclosure before it, the profile below',
    { timeout: 20_000 },
    async () => {
      const fetch = renderLanding('/members/42/signup');
      const title = await screen.findByRole('heading', {
        level: 1,
        name: 'Sign up free to write to Bram',
      });
      const profile = document.getElementById('landing-profile')!;
      const notice = document.getElementById('landing-fictional-notice')!;
      expect(notice.textContent).toBe('Some profiles are run by our staff.');
      expect(notice.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(title.compareDocumentPosition(profile) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(within(profile).getByRole('heading', { level: 2, name: 'Bram, 41' })).toBeTruthy();

      const user = userEvent.setup();
      await fillSignup(user);
      await user.type(screen.getByLabelText('Your first message (optional)'), 'Hello!');
      await user.click(screen.getByRole('button', { name: 'Create my account' }));
      await waitFor(() => expect(sentBodies(fetch, 'POST /api/signup.php')).toHaveLength(1));
      expect(sentBodies(fetch, 'POST /api/signup.php')[0]).toMatchObject({
        signup_profile_id: 42,
        signup_message: 'Hello!',
        landing_page: '/members/42/signup',
      });
      // The new member goes on to the members page (activation reminder), not back to the profile.
      await waitFor(() => expect(currentLocation()).toBe('/members?api_signup_complete=1'));
    },
  );

  it('landing2: photo-led, the slug picks the headline (an unknown one falls back), one button opens the signup', async () => {
    renderLanding('/members/42/landing2/romance');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Looking for romance?',
      }),
    ).toBeTruthy();
    expect(document.getElementById('member-landing')!.dataset.theme).toBe('romance');
    expect(document.getElementById('landing-fictional-badge')).not.toBeNull();
    expect(document.getElementById('landing-fictional-warning')).not.toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Chat with Bram' }));
    expect(
      await screen.findByRole('heading', {
        name: 'Sign up free to write to Bram',
      }),
    ).toBeTruthy();
    expect(document.getElementById('signup-message')).not.toBeNull();
  });

  it(
    'landing3: chat-led, the bubble quotes the profile and says so; the reply becomes the first message',
    { timeout: 20_000 },
    async () => {
      const fetch = renderLanding('/members/42/landing3/no-such-theme');
      expect(
        await screen.findByRole('heading', {
          level: 1,
          name: 'Someone here would like to hear from you',
        }),
      ).toBeTruthy();
      expect(screen.getByText("From Bram's profile")).toBeTruthy();
      expect(document.getElementById('landing-fictional-warning')).not.toBeNull();
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Your reply to Bram'), 'Nice bike!');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await fillSignup(user);
      await user.click(screen.getByRole('button', { name: 'Create my account' }));
      await waitFor(() => expect(sentBodies(fetch, 'POST /api/signup.php')).toHaveLength(1));
      expect(sentBodies(fetch, 'POST /api/signup.php')[0]).toMatchObject({
        signup_message: 'Nice bike!',
        landing_page: '/members/42/landing3/no-such-theme',
      });
    },
  );

  it('a real profile carries no fictional badge or warning', async () => {
    renderLanding('/members/42/landing', { body: makeMemberAnswer() });
    await screen.findByRole('heading', { level: 1, name: 'Bram, 41' });
    expect(document.getElementById('landing-fictional-badge')).toBeNull();
    expect(document.getElementById('landing-fictional-warning')).toBeNull();
  });

  it('an unknown profile (or one of another site: member.php answers 404) is the 404 page; so is an id that is no id, without a call', async () => {
    renderLanding('/members/999/landing', apiError(404, 'not_found', 'Profile not found'));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This page could not be found',
      }),
    ).toBeTruthy();
    vi.restoreAllMocks();
    const fetch = renderLanding('/members/abc/landing2');
    expect(
      screen.getAllByRole('heading', {
        level: 1,
        name: 'This page could not be found',
      }).length,
    ).toBeGreaterThan(0);
    expect(sentQueries(fetch, 'GET /api/member.php')).toEqual([]);
  });

  it('a member goes on to the profile page', async () => {
    const fetch = renderLanding('/members/42/landing', undefined, {
      user: makeUser(),
    });
    await waitFor(() => expect(currentLocation()).toBe('/members/42'));
    expect(sentQueries(fetch, 'GET /api/member.php')).toEqual([]);
  });

  it('where only members see profiles: no profile call, the signup still writes to this profile', { timeout: 20_000 }, async () => {
    const fetch = renderLanding('/members/42/landing', undefined, {
      settings: { logged_out_search: 'none' },
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Sign up to see this profile',
      }),
    ).toBeTruthy();
    expect(sentQueries(fetch, 'GET /api/member.php')).toEqual([]);
    const user = userEvent.setup();
    await fillSignup(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/signup.php')).toHaveLength(1));
    expect(sentBodies(fetch, 'POST /api/signup.php')[0]).toMatchObject({
      signup_profile_id: 42,
      landing_page: '/members/42/landing',
    });
  });

  it("speaks the visitor's language (French, with the narrow no-break space)", async () => {
    await changeLocale('fr');
    try {
      renderLanding('/members/42/landing2/flirt', undefined, { locale: 'fr' });
      const headline = await screen.findByRole('heading', { level: 1, name: /^Envie de flirter\s\?$/ });
      expect(headline.textContent).toBe('Envie de flirter\u202f?');
      expect(screen.getByRole('button', { name: 'Discuter avec Bram' })).toBeTruthy();
    } finally {
      await changeLocale('en');
    }
  });
});

describe('landing themes', () => {
  it('knows its theme words, case-insensitively, and falls back for any other slug', () => {
    expect(landingTheme('night')).toBe('night');
    expect(landingTheme('Romance')).toBe('romance');
    expect(landingTheme('beach')).toBe('default');
    expect(landingTheme(undefined)).toBe('default');
  });
});
