import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { sentBodies, stubApi } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import LangConfigPage from './lang-config-page';
import { readLocaleCookie } from './locale-cookie';

afterEach(async () => {
  document.cookie = 'i18n_redirected=; path=/; max-age=0';
  await i18n.changeLanguage('en');
});

describe('/lang-config', () => {
  it('lists the languages the visitor is offered, each in its own language, the current one marked', async () => {
    stubApi({});
    renderWithProviders(<LangConfigPage />, { route: '/lang-config', settings: { geoip_country: 'BE', geoip_selected_country: 'BE' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Language' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Languages' });
    const buttons = Array.from(list.querySelectorAll('button'));
    expect(buttons.map((button) => button.getAttribute('lang'))).toEqual(['en', 'nl', 'de', 'fr']);
    expect(buttons.find((button) => button.getAttribute('aria-current') === 'true')?.textContent).toContain('English');
    expect(screen.getByRole('link', { name: 'Back to the site' }).getAttribute('href')).toBe('/');
  });

  it('switches the site at once, says so in the new language, remembers it and stores it for a member', async () => {
    const member = makeUser({ language: 'en' });
    const fetch = stubApi({ 'PUT /api/user.php': { status: 200, body: { user: { ...member, language: 'de' } } } });
    const user = userEvent.setup();
    renderWithProviders(<LangConfigPage />, { route: '/lang-config', user: member, settings: { show_all_languages: true } });
    await user.click(await screen.findByRole('button', { name: /Deutsch/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sprache' })).toBeTruthy();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Sprache der Seite: Deutsch.');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(readLocaleCookie()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    await waitFor(() => expect(sentBodies(fetch, 'PUT /api/user.php')).toEqual([{ language: 'de' }]));
    expect(screen.getByRole('link', { name: 'Zurück zur Seite' }).getAttribute('href')).toBe('/members');
  });
});
