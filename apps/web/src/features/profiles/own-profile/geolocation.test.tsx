import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, sentBodies, sentQueries, stubApi, type StubAnswer } from '../../../test/api-stub';
import { makeOwnProfile, referenceDataStubs } from '../../../test/profile-fixtures';
import { makeUser, renderWithProviders } from '../../../test/render-with-providers';
import { GEOCODE_QUERY_KEY } from '../profile-calls';
import ProfilePage from './profile-page';

class FakePermissionStatus extends EventTarget {
  constructor(public state: PermissionState) {
    super();
  }
  change(state: PermissionState) {
    this.state = state;
    this.dispatchEvent(new Event('change'));
  }
}

interface FakeGeo {
  permission: FakePermissionStatus;
  requests: { success: PositionCallback; error: PositionErrorCallback; options?: PositionOptions }[];
}

/** A browser with the Geolocation and Permissions APIs whose answers the test gives. */
function fakeBrowser(state: PermissionState | 'no-permissions-api' = 'prompt'): FakeGeo {
  const fake: FakeGeo = { permission: new FakePermissionStatus(state === 'no-permissions-api' ? 'prompt' : state), requests: [] };
  vi.stubGlobal('navigator', {
    ...window.navigator,
    language: 'en-GB',
    geolocation: {
      getCurrentPosition: (success: PositionCallback, error: PositionErrorCallback, options?: PositionOptions) =>
        fake.requests.push({ success, error, options }),
    },
    permissions: state === 'no-permissions-api' ? undefined : { query: async () => fake.permission },
  });
  return fake;
}

const position = (latitude: number, longitude: number) => ({ coords: { latitude, longitude } }) as GeolocationPosition;

function renderProfile(geocode: StubAnswer = { body: { country: 'NL', region: 'UT', city: 'Utrecht' } }) {
  const fetch = stubApi({
    ...referenceDataStubs,
    'GET /api/profile.php': { body: { profile: makeOwnProfile() } },
    'PUT /api/profile.php': (body) => ({ body: { profile: { ...makeOwnProfile(), ...(body as object) } } }),
    'GET /api/photos.php': { body: { photos: [], limit: 3 } },
    'GET /api/geocode.php': geocode,
    // A save refreshes the session.
    'GET /api/user.php': { body: { user: makeUser() } },
  });
  const result = renderWithProviders(<ProfilePage />, { user: makeUser(), route: '/profile' });
  return { fetch, ...result };
}

const geolocation = () => document.getElementById('geolocation')!;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('geolocation button', () => {
  it('tracks the permission live', async () => {
    const fake = fakeBrowser('prompt');
    renderProfile();
    await screen.findByRole('button', { name: 'Use my current location' });
    await waitFor(() => expect(geolocation().dataset.permission).toBe('prompt'));
    act(() => fake.permission.change('denied'));
    expect(geolocation().dataset.permission).toBe('denied');
    expect(screen.getByText(/You have blocked location access for this site/)).toBeTruthy();
    act(() => fake.permission.change('granted'));
    expect(geolocation().dataset.permission).toBe('granted');
  });

  it("is 'unknown' without the Permissions API, and 'unsupported' without geolocation", async () => {
    fakeBrowser('no-permissions-api');
    const first = renderProfile();
    await screen.findByRole('button', { name: 'Use my current location' });
    expect(geolocation().dataset.permission).toBe('unknown');
    first.unmount();
    vi.restoreAllMocks();

    vi.stubGlobal('navigator', { ...window.navigator, geolocation: undefined, permissions: undefined });
    renderProfile();
    expect(await screen.findByText('Your browser cannot share your location. Choose your location below.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use my current location' })).toBeNull();
    expect(document.getElementById('geolocation-unsupported')!.dataset.permission).toBe('unsupported');
  });

  it('shows the active state, then fills in country, region and city from the geocoder', async () => {
    const fake = fakeBrowser('granted');
    const { fetch, queryClient } = renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use my current location' }));
    expect(geolocation().dataset.state).toBe('active');
    expect(screen.getByRole('button', { name: 'Finding your location…' }).hasAttribute('disabled')).toBe(true);
    expect(fake.requests[0]!.options?.maximumAge).toBe(3_600_000);

    await act(async () => fake.requests[0]!.success(position(52.0907, 5.1214)));
    expect(await screen.findByText('We filled in your location: Utrecht, Netherlands. Save your profile to keep it.')).toBeTruthy();
    expect(sentQueries(fetch, 'GET /api/geocode.php')).toEqual([{ lat: '52.090700', lon: '5.121400' }]);
    expect((screen.getByLabelText('Province') as HTMLSelectElement).value).toBe('UT');
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Utrecht');
    expect(queryClient.getQueryData(GEOCODE_QUERY_KEY)).toEqual({ country: 'NL', region: 'UT', city: 'Utrecht' });

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Your profile has been saved.');
    // The browser's point goes with the save, so distances work; the server keeps only its ~1 km cell.
    expect(sentBodies(fetch, 'PUT /api/profile.php')).toEqual([
      { country: 'NL', region: 'UT', city: 'Utrecht', location: { latitude: 52.0907, longitude: 5.1214 } },
    ]);
    // Sent once: the next save carries no location.
    await user.type(screen.getByLabelText('About me'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(sentBodies(fetch, 'PUT /api/profile.php')).toHaveLength(2));
    expect(sentBodies(fetch, 'PUT /api/profile.php')[1]).not.toHaveProperty('location');
  });

  it('a city typed after locating is another place: the point is not sent', async () => {
    const fake = fakeBrowser('granted');
    const { fetch } = renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use my current location' }));
    await act(async () => fake.requests[0]!.success(position(52.0907, 5.1214)));
    await screen.findByText(/We filled in your location/);
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Amersfoort');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Your profile has been saved.');
    expect(sentBodies(fetch, 'PUT /api/profile.php')).toEqual([{ country: 'NL', region: 'UT', city: 'Amersfoort' }]);
  });

  it('says what is kept of the location: an area of about 1 km, never the exact point', async () => {
    fakeBrowser('prompt');
    renderProfile();
    await screen.findByRole('button', { name: 'Use my current location' });
    expect(document.getElementById('geolocation-help')!.textContent).toContain('about 1 km');
    expect(document.getElementById('geolocation-help')!.textContent).toContain('Nobody sees your exact location.');
  });

  it('shows an error when the member refuses, and stores false', async () => {
    const fake = fakeBrowser('prompt');
    const { queryClient } = renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use my current location' }));
    await act(async () => fake.requests[0]!.error({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError));
    expect(geolocation().dataset.state).toBe('error');
    expect(screen.getByRole('alert').textContent).toMatch(/^You did not allow us to use your location/);
    expect(queryClient.getQueryData(GEOCODE_QUERY_KEY)).toBe(false);
    expect(screen.getByRole('button', { name: 'Use my current location' })).toBeTruthy();
  });

  it('says a refusal once: the browser then reports the permission denied, and no second note appears', async () => {
    const fake = fakeBrowser('prompt');
    renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use my current location' }));
    await act(async () => fake.requests[0]!.error({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError));
    act(() => fake.permission.change('denied'));
    expect(geolocation().dataset.permission).toBe('denied');
    expect(screen.getAllByText(/location/i, { selector: '#geolocation *' }).map((node) => node.textContent)).toEqual([
      'Use my current location',
      'You did not allow us to use your location. Choose your location below, or allow it in your browser settings and try again.',
    ]);
    expect(screen.queryByText(/You have blocked location access/)).toBeNull();
  });

  it("shows the server's message when the geocoder finds no place, and stores false", async () => {
    const fake = fakeBrowser('granted');
    const { queryClient } = renderProfile(apiError(404, 'location_unknown', 'We could not find a place at your location.'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use my current location' }));
    await act(async () => fake.requests[0]!.success(position(0, -30)));
    await waitFor(() => expect(geolocation().dataset.state).toBe('error'));
    expect(document.getElementById('geolocation-error')!.textContent).toBe('We could not find a place at your location.');
    expect(queryClient.getQueryData(GEOCODE_QUERY_KEY)).toBe(false);
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Haarlem');
  });

  it('fills in nothing for a country the site does not cover', async () => {
    const fake = fakeBrowser('granted');
    renderProfile({ body: { country: 'FR', region: 'IDF', city: 'Paris' } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use my current location' }));
    await act(async () => fake.requests[0]!.success(position(48.85, 2.35)));
    expect(await screen.findByText(/outside the countries this site covers \(France\)/)).toBeTruthy();
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('NL');
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Haarlem');
  });
});
