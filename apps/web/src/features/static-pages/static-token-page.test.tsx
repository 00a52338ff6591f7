import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { matchRoutes, Route, Routes } from 'react-router';
import { isServedPath, ROUTES, STATIC_PAGE_SLUGS } from '@cupido/shared/rules/routes';
import type { TCompanyInfo } from '@cupido/shared/contracts/contracts';
import { renderWithProviders } from '../../test/render-with-providers';
import { appRoutes, type RouteHandle } from '../../app/router';
import StaticTokenPage, { isStaticPageToken } from './static-token-page';

const company: TCompanyInfo = {
  name: 'Amora Media B.V.',
  address: 'Herengracht 500',
  kvk: '87654321',
  city: 'Amsterdam',
  country: 'NL',
  tradenames: ['Amora'],
  vat_numbers: ['NL123456789B01'],
  support_phone: '+31 20 123 4567',
  delete_discount: 0,
  added: '2020-05-05T10:00:00Z',
};

function renderToken(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path={ROUTES['pages-token']} element={<StaticTokenPage />} />
    </Routes>,
    { route: path, companyInfo: company },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the {token} static page (/pages/{token})', () => {
  it('shows the page of the catalogue with that token, as its named route does', async () => {
    renderToken('/pages/faq');
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeTruthy();
  });

  it('answers an unknown token with the 404 page, and the server with 404 too', () => {
    renderToken('/pages/imprint');
    expect(screen.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeTruthy();
    expect(isServedPath('/pages/imprint')).toBe(false);
  });

  it("knows exactly the catalogue's tokens; the named routes keep their own paths", () => {
    for (const slug of STATIC_PAGE_SLUGS) expect(isStaticPageToken(slug)).toBe(true);
    for (const token of ['', 'Terms', 'terms ', 'constructor', '__proto__', undefined]) expect(isStaticPageToken(token)).toBe(false);
    expect((matchRoutes(appRoutes, '/pages/terms')?.at(-1)?.route.handle as RouteHandle).name).toBe('pages-terms');
    expect((matchRoutes(appRoutes, '/pages/anything')?.at(-1)?.route.handle as RouteHandle).name).toBe('pages-token');
  });
});
