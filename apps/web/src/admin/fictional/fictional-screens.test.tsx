/**
 * The fictional profiles screens: the list (badge, search, paging), creating one with the form
 * (what it sends is the shared contract's request; the server's field errors show under their
 * fields), editing, and the photos (multipart upload, main photo).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ZFictionalProfileCreate,
  ZFictionalProfileUpdate,
  type TFictionalList,
  type TFictionalProfile,
} from '@cupido/shared/contracts/fictional-profiles';
import { renderScreen, stubAdmin } from '../ui/test/screen-test-kit';
import { Component as ListScreen } from './fictional-list-screen';
import { Component as EditScreen } from './fictional-edit-screen';

afterEach(() => vi.restoreAllMocks());

const SITES = {
  sites: [
    { id: 1, name: 'Cupido', domain: 'localhost', countries: ['GB', 'IE'] },
    { id: 2, name: 'Amora', domain: 'amora.example', countries: ['NL'] },
  ],
};

const LOLA: TFictionalProfile = {
  id: 7,
  site_id: 1,
  is_fictional: true,
  name: 'Lola',
  gender: 'female',
  sexuality: 'hetero',
  date_of_birth: '1995-04-02',
  age: 30,
  country: 'GB',
  region: 'LND',
  city: 'London',
  hair_color: 'brown',
  eye_color: null,
  body_type: null,
  relationship_status: null,
  tattoos: null,
  signup_reason: null,
  about: 'Old films.',
  interests: ['music'],
  photos: [
    {
      id: 31,
      filename: 'm/a.jpg',
      thumb_filename: 'm/a-t.jpg',
      url: '/photos/m/a.jpg',
      thumb_url: '/photos/m/a-t.jpg',
      status: 'approved',
      is_main: true,
    },
    {
      id: 32,
      filename: 'm/b.jpg',
      thumb_filename: 'm/b-t.jpg',
      url: '/photos/m/b.jpg',
      thumb_url: '/photos/m/b-t.jpg',
      status: 'approved',
      is_main: false,
    },
  ],
};

const routes = [
  { path: '/admin/fictional', element: <ListScreen /> },
  { path: '/admin/fictional/:id', element: <EditScreen /> },
];

describe('fictional profiles list', () => {
  it("lists a site's profiles with the badge, searches by name and pages", async () => {
    const page = (p: number): TFictionalList => ({
      total: 30,
      page: p,
      page_size: 25,
      profiles: [
        {
          id: 7,
          name: p === 1 ? 'Lola' : 'Zoe',
          age: 30,
          gender: 'female',
          country: 'GB',
          city: 'London',
          photo_count: 2,
          main_thumb_url: '/photos/m/a-t.jpg',
        },
      ],
    });
    const sent = stubAdmin({
      'GET /admin/api/fictional-profiles/sites': () => ({ body: SITES }),
      'GET /admin/api/fictional-profiles': ({ url }) => ({ body: page(Number(url.searchParams.get('page'))) }),
    });
    renderScreen('/admin/fictional', routes);
    const table = await screen.findByRole('table', { name: 'Fictional profiles of Cupido' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader').textContent).toBe('LolaFictional');
    expect(within(row).getByRole('link', { name: 'Edit Lola' }).getAttribute('href')).toBe('/admin/fictional/7');
    expect(screen.getByText('30 profiles, page 1 of 2')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Name'), 'lo');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(
        sent
          .filter((s) => s.key === 'GET /admin/api/fictional-profiles')
          .at(-1)!
          .url.searchParams.get('q'),
      ).toBe('lo'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Zoe');
    expect(Object.fromEntries(sent.at(-1)!.url.searchParams)).toEqual({ site_id: '1', q: 'lo', page: '2' });
  });
});

describe('fictional profile form', () => {
  it("creates a profile: checks what must be filled in, sends the contract's request, shows the server's field error", async () => {
    let attempts = 0;
    const sent = stubAdmin({
      'GET /admin/api/fictional-profiles/sites': () => ({ body: SITES }),
      'POST /admin/api/fictional-profiles': () =>
        ++attempts === 1
          ? { status: 400, body: { error: { code: 'unknown_region', message: 'Choose a region from the list', field: 'region' } } }
          : { status: 201, body: { ...LOLA, photos: [] } },
      'GET /admin/api/fictional-profiles/7': () => ({ body: { ...LOLA, photos: [] } }),
    });
    const { router } = renderScreen('/admin/fictional/new?site_id=1', routes);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('New fictional profileFictional');
    await userEvent.click(screen.getByRole('button', { name: 'Create profile' }));
    expect(document.activeElement?.id).toBe('fictional-name');
    expect(screen.getAllByText('Fill this in.').length).toBeGreaterThanOrEqual(4);

    await userEvent.type(screen.getByLabelText('Name'), 'Lola');
    await userEvent.selectOptions(screen.getByLabelText('Gender'), 'Female');
    await userEvent.selectOptions(screen.getByLabelText('Sexuality'), 'Hetero');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1995-04-02' } });
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'GB');
    await userEvent.type(screen.getByLabelText('Region code'), 'XXX');
    await userEvent.selectOptions(screen.getByLabelText('Hair colour'), 'Brown');
    await userEvent.click(screen.getByLabelText('Music'));
    await userEvent.click(screen.getByRole('button', { name: 'Create profile' }));

    expect((await screen.findByText('Choose a region from the list')).id).toBe('fictional-region-error');
    const request = sent.find((s) => s.key === 'POST /admin/api/fictional-profiles')!.body;
    expect(ZFictionalProfileCreate.parse(request)).toMatchObject({
      site_id: 1,
      name: 'Lola',
      gender: 'female',
      country: 'GB',
      region: 'XXX',
      hair_color: 'brown',
      eye_color: null,
      interests: ['music'],
    });
    expect(request).not.toHaveProperty('is_fictional');

    await userEvent.clear(screen.getByLabelText('Region code'));
    await userEvent.type(screen.getByLabelText('Region code'), 'LND');
    await userEvent.click(screen.getByRole('button', { name: 'Create profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/fictional/7'));
  });

  it('edits a profile and manages its photos', async () => {
    let current = LOLA;
    const sent = stubAdmin({
      'GET /admin/api/fictional-profiles/sites': () => ({ body: SITES }),
      'GET /admin/api/fictional-profiles/7': () => ({ body: current }),
      'PUT /admin/api/fictional-profiles/7': ({ body }) => ({ body: (current = { ...current, ...(body as object) }) }),
      'POST /admin/api/fictional-profiles/7/photos/32/main': () => ({
        body: (current = { ...current, photos: current.photos.map((p) => ({ ...p, is_main: p.id === 32 })) }),
      }),
      'POST /admin/api/fictional-profiles/7/photos': ({ init }) => {
        expect(init?.body).toBeInstanceOf(FormData);
        expect(((init!.body as FormData).get('photo') as File).name).toBe('new.jpg');
        return { status: 201, body: current };
      },
    });
    renderScreen('/admin/fictional/7', routes);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Fictional profile: LolaFictional');
    expect(screen.getByText(/fictional by construction/)).toBeTruthy();
    const city = screen.getByLabelText<HTMLInputElement>('City');
    expect(city.value).toBe('London');
    await userEvent.clear(city);
    await userEvent.type(city, 'Camden');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('Saved.');
    const update = sent.find((s) => s.key === 'PUT /admin/api/fictional-profiles/7')!.body;
    expect(ZFictionalProfileUpdate.parse(update)).toMatchObject({ city: 'Camden', name: 'Lola', region: 'LND' });
    expect(update).not.toHaveProperty('site_id');

    expect(screen.getByRole('img', { name: 'Photo 1 of Lola' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Make photo 2 the main photo' }));
    await screen.findByRole('button', { name: 'Make photo 1 the main photo' });

    await userEvent.upload(screen.getByLabelText('Photo file'), new File(['jpeg bytes'], 'new.jpg', { type: 'image/jpeg' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload photo' }));
    await waitFor(() => expect(sent.some((s) => s.key === 'POST /admin/api/fictional-profiles/7/photos')).toBe(true));
  });
});
