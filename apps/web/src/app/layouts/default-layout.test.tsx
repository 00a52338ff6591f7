import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { companyInfoFixture, makeUser, renderWithProviders } from '../../test/render-with-providers';
import { HomePage } from '../../features/home/home-page';
import { NotFoundPage } from '../../features/errors/not-found-page';
import { DefaultLayout } from './default-layout';

function renderSite(route = '/', user: ReturnType<typeof makeUser> | null = null) {
  return renderWithProviders(
    <Routes>
      <Route element={<DefaultLayout />}>
        <Route index element={<HomePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>,
    { companyInfo: companyInfoFixture, route, user, settings: { enable_site_entry_popup: user ? 'yes' : 'no' } },
  );
}

describe('default layout with the home page', () => {
  it('shows navigation, warnings, the landing, disclaimers and every footer link', async () => {
    renderSite();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Cupido Test' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/members');
    expect(screen.getByRole('complementary', { name: 'Important notices' }).textContent).toContain('18+');

    expect(screen.getByRole('heading', { level: 1, name: 'Meet adults near you' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeTruthy();

    const footer = screen.getByRole('navigation', { name: 'Legal and help' });
    expect(
      within(footer)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/pages/terms',
      '/pages/privacy',
      '/pages/cookies',
      '/pages/ban',
      '/pricing',
      '/complaints',
      '/pages/return-policy',
      '/pages/faq',
      '/pages/service',
    ]);
    expect(screen.getByTestId('company-info').textContent).toContain('Cupido Media B.V.');
    await waitFor(() => expect(document.title).toBe('Meet adults near you'));
  });

  it('titles other pages "Page | Site" and shows the 404 inside the layout', async () => {
    renderSite('/nowhere');
    expect(screen.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('This page could not be found | Cupido Test'));
  });

  it('for a member: no entry warning, the member navigation, and the activation reminder while unconfirmed', async () => {
    renderSite('/nowhere', makeUser({ status: 'not_confirmed', email: 'bo@example.com' }));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Search members' })).toBeTruthy());
    expect(within(nav).getByRole('link', { name: 'Cupido Test' }).getAttribute('href')).toBe('/members');
    expect(within(nav).queryByRole('link', { name: 'Log in' })).toBeNull();
    await waitFor(() => expect(document.getElementById('activation-reminder')!.textContent).toContain('bo@example.com'));
    // The entry warning is decided in the same render as the member navigation above (it is not lazy).
    expect(document.getElementById('site-entry-warning')).toBeNull();
  });
});
