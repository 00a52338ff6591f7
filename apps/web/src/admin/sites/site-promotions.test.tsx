import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPartnerRedirectsAnswer, TPromoTilesAnswer } from '@cupido/shared/contracts/promotions';
import { renderScreen, stubAdmin } from '../ui/test/screen-test-kit';
import { SitePromotions } from './site-promotions';

afterEach(() => vi.restoreAllMocks());

const tiles: TPromoTilesAnswer = {
  site_id: 2,
  member_resell: false,
  countries: ['NL', 'BE'],
  tiles: [
    { kind: 'live_cam', enabled: false, target_url: '', image_url: '', countries: [], updated_at: null },
    { kind: 'member_resell', enabled: false, target_url: '', image_url: '', countries: [], updated_at: null },
  ],
};
const redirects: TPartnerRedirectsAnswer = {
  site_id: 2,
  countries: ['NL', 'BE'],
  redirects: [{ country: '*', target_url: 'https://partner.example/join', enabled: true, updated_at: '2026-11-01T10:00:00.000Z' }],
};

const render = () => renderScreen('/admin/sites/2', [{ path: '/admin/sites/:id', element: <SitePromotions siteId={2} /> }]);

describe('promo tiles and partner redirects on the site screen', () => {
  it('loads nothing until opened', async () => {
    const sent = stubAdmin({});
    render();
    expect(screen.getByRole('heading', { name: 'Promo tiles and partner redirects' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show promo tiles and partner redirects' }).getAttribute('aria-expanded')).toBe('false');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
  });

  it('turns the live-cam tile on with its link, image and countries, and shows the server’s error under its field', async () => {
    let answer: { status?: number; body?: unknown } = {
      status: 400,
      body: {
        error: { code: 'url_not_https', message: 'Use an https address (https://…) without a user name or password.', field: 'target_url' },
      },
    };
    const sent = stubAdmin({
      'GET /admin/api/sites/2/promo-tiles': () => ({ body: tiles }),
      'GET /admin/api/sites/2/partner-redirects': () => ({ body: redirects }),
      'PUT /admin/api/sites/2/promo-tiles/live_cam': () => answer,
    });
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('button', { name: 'Show promo tiles and partner redirects' }));
    const form = await screen.findByRole('form', { name: 'Live-cam tile' });
    expect(within(screen.getByRole('form', { name: 'Member-resell tile' })).getByText(/Member resell.*setting is off/)).toBeTruthy();
    await user.click(within(form).getByRole('switch', { name: 'Shown on the site' }));
    await user.type(within(form).getByLabelText('Link (https)'), 'http://cams.example/');
    await user.type(within(form).getByLabelText('Image address (https)'), 'https://cdn.cams.example/tile.jpg');
    await user.click(within(form).getByRole('checkbox', { name: 'BE' }));
    await user.click(within(form).getByRole('button', { name: 'Save Live-cam tile' }));
    const link = within(form).getByLabelText('Link (https)');
    await waitFor(() => expect(link.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('Use an https address (https://…) without a user name or password.').id).toBe(
      link.getAttribute('aria-describedby')!.split(' ')[1],
    );

    answer = {
      body: {
        kind: 'live_cam',
        enabled: true,
        target_url: 'https://cams.example/',
        image_url: 'https://cdn.cams.example/tile.jpg',
        countries: ['BE'],
        updated_at: '2026-11-29T10:00:00.000Z',
      },
    };
    await user.clear(link);
    await user.type(link, 'https://cams.example/');
    await user.click(within(form).getByRole('button', { name: 'Save Live-cam tile' }));
    expect(await within(form).findByText('Live-cam tile saved.')).toBeTruthy();
    const puts = sent.filter((call) => call.key === 'PUT /admin/api/sites/2/promo-tiles/live_cam').map((call) => call.body);
    expect(puts.at(-1)).toEqual({
      enabled: true,
      target_url: 'https://cams.example/',
      image_url: 'https://cdn.cams.example/tile.jpg',
      countries: ['BE'],
    });
  });

  it('lists the redirects, adds one with its country, refuses a bad country under its field, and deletes one', async () => {
    let list = redirects;
    const sent = stubAdmin({
      'GET /admin/api/sites/2/promo-tiles': () => ({ body: tiles }),
      'GET /admin/api/sites/2/partner-redirects': () => ({ body: list }),
      'PUT /admin/api/sites/2/partner-redirects/DEU': () => ({
        status: 400,
        body: {
          error: {
            code: 'invalid_country',
            message: 'Use a two-letter country code (for example DE) or * for every other country.',
            field: 'country',
          },
        },
      }),
      'PUT /admin/api/sites/2/partner-redirects/DE': () => {
        list = {
          ...redirects,
          redirects: [
            ...redirects.redirects,
            { country: 'DE', target_url: 'https://partner.de/', enabled: true, updated_at: '2026-11-29T10:00:00.000Z' },
          ],
        };
        return { body: list.redirects[1] };
      },
      'DELETE /admin/api/sites/2/partner-redirects/*': () => {
        list = { ...list, redirects: list.redirects.filter((r) => r.country !== '*') };
        return { body: { ok: true } };
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('button', { name: 'Show promo tiles and partner redirects' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('rowheader', { name: '*' })).toBeTruthy();
    expect(within(table).getByText('https://partner.example/join')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Add or replace a redirect' });
    const country = within(form).getByLabelText('Country code');
    // maxLength 2 in the browser; the server's check is what the test shows.
    country.removeAttribute('maxLength');
    await user.type(country, 'deu');
    await user.type(within(form).getByLabelText('Partner address (https)'), 'https://partner.de/');
    await user.click(within(form).getByRole('button', { name: 'Save redirect' }));
    await waitFor(() => expect(country.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(/two-letter country code/)).toBeTruthy();

    await user.clear(country);
    await user.type(country, 'de');
    await user.click(within(form).getByRole('button', { name: 'Save redirect' }));
    expect(await screen.findByText('The redirect for DE is saved.')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('table')).getByRole('rowheader', { name: 'DE' })).toBeTruthy());
    expect(sent.find((call) => call.key === 'PUT /admin/api/sites/2/partner-redirects/DE')?.body).toEqual({
      target_url: 'https://partner.de/',
      enabled: true,
    });

    await user.click(screen.getByRole('button', { name: 'Delete the redirect for *' }));
    expect(await screen.findByText('The redirect for * is deleted.')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('table')).queryByRole('rowheader', { name: '*' })).toBeNull());
  });
});
