import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { apiError, stubApi } from '../../test/api-stub';
import { currentLocation, LocationProbe } from '../../test/location-probe';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { HomePage } from '../home/home-page';
import { SignupLauncher } from './signup-launcher';

const modal = () => document.getElementById('signup-modal');
const input = (id: string) => document.getElementById(id) as HTMLInputElement;

function renderHome() {
  return renderWithProviders(
    <SignupLauncher>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </SignupLauncher>,
  );
}

/** happy-dom's window is 1024 px wide; a phone is narrower than Bootstrap's 576 px. */
function pretendPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width: 575.98px'),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.click(input('signup-gender-female'));
  await user.click(input('signup-looking-for-male'));
  await user.type(input('signup-email'), 'anna@example.com');
  await user.type(input('signup-name'), 'Anna');
  await user.type(input('signup-password'), 'correct horse');
  await user.selectOptions(input('signup-date-of-birth-day'), '15');
  await user.selectOptions(input('signup-date-of-birth-month'), '05');
  await user.selectOptions(input('signup-date-of-birth-year'), '1990');
  await user.click(input('signup-consent-terms'));
  await user.click(input('signup-consent-orientation'));
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('signup launcher', () => {
  it('on desktop the home page CTA opens the signup modal, which Escape closes when idle', async () => {
    const user = userEvent.setup();
    renderHome();
    const cta = screen.getByRole('link', { name: 'Sign up' });
    expect(cta.getAttribute('href')).toBe('/signup');
    await user.click(cta);
    await waitFor(() => expect(modal()).not.toBeNull());
    expect(screen.getByRole('dialog', { name: 'Sign up' })).toBeTruthy();
    expect(currentLocation()).toBe('/');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(modal()).toBeNull());
  });

  it('cannot be dismissed with Escape or the backdrop while the signup request runs', async () => {
    stubApi({ 'POST /api/signup.php': 'pending' });
    const user = userEvent.setup();
    renderHome();
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    await waitFor(() => expect(modal()).not.toBeNull());
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('button', { name: 'Creating your account…' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();

    await user.keyboard('{Escape}');
    await user.click(document.querySelector('.modal') as HTMLElement); // the backdrop area around the dialog
    // A modal told to hide loses 'show' in the same render (its fade-out starts), long before it leaves the DOM.
    expect(document.querySelector('.modal')!.classList.contains('show')).toBe(true);
    expect(modal()).not.toBeNull();
    expect(screen.getByRole('dialog', { name: 'Sign up' })).toBeTruthy();
  });

  it('after a refused signup the modal can be closed again', async () => {
    stubApi({ 'POST /api/signup.php': apiError(403, 'signups_closed', 'Signing up is by invitation only at the moment.') });
    const user = userEvent.setup();
    renderHome();
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    await waitFor(() => expect(modal()).not.toBeNull());
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Signing up is by invitation only at the moment.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(modal()).toBeNull());
  });

  it('on a smartphone the same action goes to the signup page', async () => {
    pretendPhone();
    const user = userEvent.setup();
    renderHome();
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    await waitFor(() => expect(currentLocation()).toBe('/signup'));
    expect(modal()).toBeNull();
  });

  it('a member is sent from the landing page to the members page', async () => {
    renderWithProviders(
      <SignupLauncher>
        <Routes>
          <Route index element={<HomePage />} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </SignupLauncher>,
      { user: makeUser() },
    );
    await waitFor(() => expect(currentLocation()).toBe('/members'));
    expect(modal()).toBeNull();
  });
});
