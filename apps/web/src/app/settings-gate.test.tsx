import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TSettings } from '@cupido/shared/contracts/contracts';
import { i18n } from '../i18n/i18n';
import { createTestQueryClient, settingsFixture } from '../test/render-with-providers';
import { LocaleProvider } from '../features/locale/locale-provider';
import { useLocale } from '../features/locale/use-locale';
import { useSettings } from '../features/site/use-settings';
import { settingsQueryKey } from '../features/site/settings-query';
import { loadInitialSettings } from './bootstrap';
import { SettingsGate } from './settings-gate';

function Probe() {
  const settings = useSettings();
  const { setLocale } = useLocale();
  return (
    <>
      <h1>{settings.index_title}</h1>
      <button onClick={() => void setLocale('nl')}>nl</button>
    </>
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('settings gate', () => {
  it('refetches the settings in the new locale, keeping the old ones on screen meanwhile', async () => {
    const dutch: TSettings = { ...settingsFixture, index_title: 'Ontmoet volwassenen bij jou in de buurt' };
    const fetch = vi.fn(async () => new Response(JSON.stringify(dutch), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(settingsQueryKey('en', { country: 'NL' }), settingsFixture);

    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <LocaleProvider initialLocale="en">
            <SettingsGate routeQuery={{ country: 'NL' }}>
              <Probe />
            </SettingsGate>
          </LocaleProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Meet adults near you');
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'nl' }));
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Ontmoet volwassenen bij jou in de buurt'));
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]), 'http://x');
    expect(url.pathname).toBe('/api/settings.php');
    expect(Object.fromEntries(url.searchParams)).toEqual({ domain: window.location.hostname, country: 'NL', locale: 'nl' });
  });
});

describe('initial settings', () => {
  it('asks without a locale when there is no cookie, then uses the domain language', async () => {
    const queryClient = createTestQueryClient();
    const fetchSettings = vi.fn(async () => ({ ...settingsFixture, domain_language: 'de-DE' }));
    const { locale } = await loadInitialSettings(queryClient, null, {}, fetchSettings);
    expect(fetchSettings).toHaveBeenCalledWith(null, {});
    expect(locale).toBe('de');
    expect(queryClient.getQueryData(settingsQueryKey('de', {}))).toBeTruthy();
  });

  it("asks in the cookie's locale when it is valid", async () => {
    const queryClient = createTestQueryClient();
    const fetchSettings = vi.fn(async () => ({ ...settingsFixture, domain_language: 'nl' }));
    const { locale } = await loadInitialSettings(queryClient, 'pl', {}, fetchSettings);
    expect(fetchSettings).toHaveBeenCalledWith('pl', {});
    expect(locale).toBe('pl');
    expect(queryClient.getQueryData(settingsQueryKey('pl', {}))).toBeTruthy();
  });
});
