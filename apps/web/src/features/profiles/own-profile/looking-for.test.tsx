import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, sentBodies, stubApi } from '../../../test/api-stub';
import { makeOwnProfile, referenceDataStubs } from '../../../test/profile-fixtures';
import { makeUser, renderWithProviders } from '../../../test/render-with-providers';
import ProfilePage from './profile-page';
import { changesOf, valuesOf } from './profile-values';

// "Looking for" of the own profile (decision 013): the member search's defaults.
function stubProfile(
  put: Parameters<typeof stubApi>[0][string] = (body) => ({ body: { profile: { ...makeOwnProfile(), ...(body as object) } } }),
  own = makeOwnProfile(),
) {
  return stubApi({
    ...referenceDataStubs,
    'GET /api/profile.php': { body: { profile: own } },
    'PUT /api/profile.php': put,
    'GET /api/photos.php': { body: { photos: [], limit: 3 } },
    'GET /api/user.php': { body: { user: makeUser() } },
  });
}

async function renderProfile(member = makeUser()) {
  renderWithProviders(<ProfilePage />, { user: member, route: '/profile' });
  await screen.findByRole('heading', { level: 2, name: "Who you're looking for" });
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

afterEach(() => vi.restoreAllMocks());

describe('own profile: looking for', () => {
  it('starts "based on my profile" and saves the chosen gender and ages as numbers', async () => {
    const fetch = stubProfile();
    const user = userEvent.setup();
    await renderProfile();
    expect(select("I'm looking for").selectedOptions[0]!.textContent).toBe('Based on my profile');
    expect([...select("I'm looking for").options].map((o) => o.textContent)).toEqual([
      'Based on my profile',
      'Men',
      'Women',
      'Men and women',
    ]);
    await user.selectOptions(select("I'm looking for"), 'both');
    await user.selectOptions(select('Age from'), '30');
    await user.selectOptions(select('Age to'), '45');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect(sentBodies(fetch, 'PUT /api/profile.php')).toEqual([
      { looking_for_gender: 'both', looking_for_min_age: 30, looking_for_max_age: 45 },
    ]);
  });

  it('refuses a reversed range at once, under the maximum age, and sends nothing', async () => {
    const fetch = stubProfile();
    const user = userEvent.setup();
    await renderProfile();
    await user.selectOptions(select('Age from'), '50');
    await user.selectOptions(select('Age to'), '40');
    expect(document.getElementById('profile-looking-for-max-age-error')!.textContent).toBe(
      'The maximum age cannot be lower than the minimum age',
    );
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(sentBodies(fetch, 'PUT /api/profile.php')).toEqual([]);
  });

  it("shows the server's refusal under the field it names", async () => {
    stubProfile(() => apiError(400, 'invalid_age', 'Enter an age from 18 to 99', 'looking_for_min_age'));
    const user = userEvent.setup();
    await renderProfile();
    await user.selectOptions(select('Age from'), '20');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(document.getElementById('profile-looking-for-min-age-error')!.textContent).toBe('Enter an age from 18 to 99'),
    );
  });
});

describe('own profile: looking for without the orientation consent (decision 036)', () => {
  it('waits for the consent, says why and links to it; the ages still save', async () => {
    const fetch = stubProfile();
    const user = userEvent.setup();
    await renderProfile(makeUser({ orientation_consent: false }));
    expect(select("I'm looking for").disabled).toBe(true);
    expect(document.getElementById('profile-looking-for-gender-help')!.textContent).toContain('we only save it with your consent');
    expect(document.getElementById('profile-looking-for-consent')!.getAttribute('href')).toBe('/notifications');
    await user.selectOptions(select('Age from'), '30');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect(sentBodies(fetch, 'PUT /api/profile.php')).toEqual([{ looking_for_min_age: 30 }]);
  });
});

describe('changesOf (looking for)', () => {
  it('clears a preference with null and sends ages as numbers', () => {
    const saved = valuesOf(makeOwnProfile({ looking_for_gender: 'male', looking_for_min_age: 25, looking_for_max_age: 35 }));
    expect(changesOf({ ...saved, looking_for_gender: '', looking_for_max_age: '40' }, saved)).toEqual({
      looking_for_gender: null,
      looking_for_max_age: 40,
    });
    expect(changesOf({ ...saved, looking_for_min_age: '' }, saved)).toEqual({ looking_for_min_age: null });
    expect(changesOf(saved, saved)).toEqual({});
  });
});
