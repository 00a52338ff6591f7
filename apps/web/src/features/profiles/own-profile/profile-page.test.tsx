import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, sentBodies, stubApi, type StubAnswer } from '../../../test/api-stub';
import { makeOwnProfile, referenceDataStubs } from '../../../test/profile-fixtures';
import { makeUser, renderWithProviders } from '../../../test/render-with-providers';
import { OWN_PROFILE_QUERY_KEY } from '../profile-calls';
import ProfilePage from './profile-page';

function stubProfile(
  put: Parameters<typeof stubApi>[0][string] = (body) => ({ body: { profile: { ...makeOwnProfile(), ...(body as object) } } }),
) {
  return stubApi({
    ...referenceDataStubs,
    'GET /api/profile.php': { body: { profile: makeOwnProfile() } },
    'PUT /api/profile.php': put,
    'GET /api/photos.php': { body: { photos: [], limit: 3 } },
    'GET /api/user.php': { body: { user: makeUser() } },
  });
}

async function renderProfile(member = makeUser()) {
  renderWithProviders(<ProfilePage />, { user: member, route: '/profile' });
  await screen.findByRole('heading', { level: 1, name: 'My profile' });
  await waitFor(() => expect((screen.getByLabelText('Province') as HTMLSelectElement).value).toBe('NH'));
}

afterEach(() => vi.restoreAllMocks());

describe('own profile (/profile)', () => {
  it('shows every attribute with its saved value and translated options', async () => {
    stubProfile();
    await renderProfile();
    expect(document.title).toBe('My profile | Cupido Test');
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('Anna');
    expect((screen.getByLabelText('Gender') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Woman');
    expect((screen.getByLabelText('Sexual orientation') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Straight');
    expect((screen.getByLabelText('Day') as HTMLSelectElement).value).toBe('15');
    expect((screen.getByLabelText('Country') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Netherlands');
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Haarlem');
    expect((screen.getByLabelText('Relationship status') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Single');
    expect((screen.getByLabelText('Hair colour') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Not specified');
    for (const label of ['Eye colour', 'Body type', 'Tattoos', 'I am here for', 'About me'])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect((screen.getByLabelText('Music') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Cooking') as HTMLInputElement).checked).toBe(false);
  });

  it('without the orientation consent the sexuality select is disabled, with a link to the settings', async () => {
    const fetch = stubApi({
      ...referenceDataStubs,
      'GET /api/profile.php': { body: { profile: makeOwnProfile({ sexuality: null }) } },
      'PUT /api/profile.php': (body) => ({ body: { profile: { ...makeOwnProfile({ sexuality: null }), ...(body as object) } } }),
      'GET /api/photos.php': { body: { photos: [], limit: 3 } },
      // A save refreshes the session.
      'GET /api/user.php': { body: { user: makeUser({ orientation_consent: false }) } },
    });
    const user = userEvent.setup();
    await renderProfile(makeUser({ orientation_consent: false }));
    const select = screen.getByLabelText('Sexual orientation') as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(select.value).toBe('');
    expect(select.getAttribute('aria-describedby')).toBe('profile-sexuality-help');
    expect(document.getElementById('profile-sexuality-help')!.textContent).toContain(
      'You have withdrawn your consent to use your sexual orientation',
    );
    // The link under the orientation, and the one under whom the member looks for (decision 036).
    expect(screen.getAllByRole('link', { name: 'Give your consent in your settings' }).map((link) => link.getAttribute('href'))).toEqual([
      '/notifications',
      '/notifications',
    ]);

    await user.type(screen.getByLabelText('City'), ' Noord');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Your profile has been saved.');
    expect(sentBodies(fetch, 'PUT /api/profile.php')).toEqual([{ city: 'Haarlem Noord' }]);
  });

  it('with the consent the sexuality select is enabled and has no consent note', async () => {
    stubProfile();
    await renderProfile();
    expect((screen.getByLabelText('Sexual orientation') as HTMLSelectElement).disabled).toBe(false);
    expect(document.getElementById('profile-sexuality-help')).toBeNull();
  });

  it('names the region as the country does', async () => {
    stubApi({
      ...referenceDataStubs,
      'GET /api/profile.php': { body: { profile: makeOwnProfile({ country: 'GB', region: '' }) } },
      'GET /api/regions.php': { body: { countries: [{ country: 'GB', label: 'region', regions: [{ code: 'ENG', name: 'England' }] }] } },
      'GET /api/photos.php': { body: { photos: [], limit: 3 } },
    });
    renderWithProviders(<ProfilePage />, { user: makeUser(), route: '/profile' });
    expect(await screen.findByLabelText('Region')).toBeTruthy();
  });

  it('saves only what changed, and says so', async () => {
    const fetch = stubProfile();
    const user = userEvent.setup();
    await renderProfile();
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Amsterdam');
    await user.selectOptions(screen.getByLabelText('Hair colour'), 'red');
    await user.click(screen.getByLabelText('Cooking'));
    await user.type(screen.getByLabelText('About me'), 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect(sentBodies(fetch, 'PUT /api/profile.php')).toEqual([
      { city: 'Amsterdam', hair_color: 'red', interests: ['music', 'cooking'], about: 'Hello there' },
    ]);
  });

  it('sends country and region together, the region cleared by a new country', async () => {
    const fetch = stubProfile();
    const user = userEvent.setup();
    await renderProfile();
    await user.selectOptions(screen.getByLabelText('Country'), 'BE');
    expect((screen.getByLabelText('Province') as HTMLSelectElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Your profile has been saved.');
    expect(sentBodies(fetch, 'PUT /api/profile.php')).toEqual([{ country: 'BE', region: '' }]);
  });

  it('shows client problems under their field as the server words them, and sends nothing', async () => {
    const fetch = stubProfile();
    const user = userEvent.setup();
    await renderProfile();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), '@anna');
    await user.tab();
    expect(document.getElementById('profile-name-error')!.textContent).toBe('Your username may not start with @');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(document.activeElement?.id).toBe('profile-name');
    await user.selectOptions(screen.getByLabelText('Year'), '');
    expect(document.getElementById('profile-date-of-birth-error')!.textContent).toBe('Enter your date of birth (18+)');
    expect(sentBodies(fetch, 'PUT /api/profile.php')).toEqual([]);
  });

  it('checks the length of city and about me', async () => {
    stubProfile();
    const user = userEvent.setup();
    await renderProfile();
    const city = screen.getByLabelText('City');
    await user.click(city);
    await user.paste('y'.repeat(101));
    await user.tab();
    expect(document.getElementById('profile-city-error')!.textContent).toBe('The name of your city can be at most 100 characters long');
    await user.click(screen.getByLabelText('About me'));
    await user.paste('z'.repeat(2001));
    await user.tab();
    expect(document.getElementById('profile-about-error')!.textContent).toBe(
      'Your text about yourself can be at most 2000 characters long',
    );
    expect(screen.getByText('2001 of 2000 characters')).toBeTruthy();
  });

  it("shows the server's refusal under the field it names until that field changes", async () => {
    stubProfile(apiError(400, 'unknown_region', 'Choose a region of the selected country', 'region'));
    const user = userEvent.setup();
    await renderProfile();
    await user.selectOptions(screen.getByLabelText('Province'), 'UT');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(document.getElementById('profile-region-error')?.textContent).toBe('Choose a region of the selected country'),
    );
    expect(document.activeElement?.id).toBe('profile-region');
    await user.selectOptions(screen.getByLabelText('Province'), 'NH');
    expect(document.getElementById('profile-region-error')).toBeNull();
  });

  it('switches invisible mode at once and explains it', async () => {
    const fetch = stubProfile();
    const user = userEvent.setup();
    await renderProfile();
    const toggle = screen.getByRole('switch', { name: 'Invisible mode' });
    expect(screen.getByText(/you are hidden from search and other members cannot message or like you first/)).toBeTruthy();
    expect(screen.getByText(/Members you are already in touch with keep seeing you/)).toBeTruthy();
    await user.click(toggle);
    expect(await screen.findByText('Invisible mode is on: you are hidden from search.')).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(sentBodies(fetch, 'PUT /api/profile.php')).toEqual([{ invisible: true }]);
  });

  it('keeps the saved invisible mode when a reload of the profile, sent before the save, answers after it', async () => {
    let reads = 0;
    let answerReload = (_answer: StubAnswer) => {};
    stubApi({
      ...referenceDataStubs,
      // The first read answers at once; the second (a reload, as on returning to the tab) is held.
      'GET /api/profile.php': () =>
        reads++ === 0 ? { body: { profile: makeOwnProfile() } } : new Promise<StubAnswer>((resolve) => (answerReload = resolve)),
      'PUT /api/profile.php': (body) => ({ body: { profile: { ...makeOwnProfile(), ...(body as object) } } }),
      'GET /api/photos.php': { body: { photos: [], limit: 3 } },
      'GET /api/user.php': { body: { user: makeUser() } },
    });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<ProfilePage />, { user: makeUser(), route: '/profile' });
    const toggle = (await screen.findByRole('switch', { name: 'Invisible mode' })) as HTMLInputElement;
    void queryClient.refetchQueries({ queryKey: OWN_PROFILE_QUERY_KEY });
    await waitFor(() => expect(reads).toBe(2));

    await user.click(toggle);
    expect(await screen.findByText('Invisible mode is on: you are hidden from search.')).toBeTruthy();
    // The reload read the profile before the save: it must not switch invisible mode back off.
    await act(async () => answerReload({ body: { profile: makeOwnProfile() } }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toggle.checked).toBe(true);
    expect(screen.getByText('Invisible mode is on: you are hidden from search.')).toBeTruthy();
  });

  it('the invisible switch shows the choice from the click on, and the saved state again when the save fails', async () => {
    let answer: (value: ReturnType<typeof apiError>) => void = () => {};
    const fetch = stubProfile(() => new Promise((resolve) => (answer = resolve)));
    await renderProfile();
    const toggle = screen.getByRole('switch', { name: 'Invisible mode' }) as HTMLInputElement;
    // A plain click, no waiting: the switch must not fall back to off while the save starts (it
    // did for a moment, so a browser test that clicked and looked at once saw it unchanged).
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    expect(toggle.disabled).toBe(true);
    await waitFor(() => expect(sentBodies(fetch, 'PUT /api/profile.php')).toEqual([{ invisible: true }]));
    expect(toggle.checked).toBe(true);
    answer(apiError(400, 'invalid_input', 'Check the form'));
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
    expect(screen.getByText('Invisible mode is off: other members can find you.')).toBeTruthy();
  });
});
