import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '@cupido/shared/rules/locales';
import { renderWithProviders } from '../../test/render-with-providers';
import { i18n } from '../../i18n/i18n';
import { NotFoundPage } from '../errors/not-found-page';
import { LocaleDropdown } from './locale-dropdown';
import { readLocaleCookie } from './locale-cookie';

/** The dropdown's toggle once it is there (waitFor retries only while the callback throws). */
const toggle = () => waitFor(() => required(document.getElementById('locale-dropdown')));
const required = <T,>(element: T | null): T => {
  expect(element).not.toBeNull();
  return element!;
};

afterEach(async () => {
  document.cookie = 'i18n_redirected=; path=/; max-age=0';
  await i18n.changeLanguage('en');
});

describe('locale dropdown', () => {
  it('is hidden when only one language is visible', async () => {
    // The dropdown is decided and drawn in the first render (nothing lazy): a Belgian visitor has it at once...
    const belgian = renderWithProviders(<LocaleDropdown />, { settings: { geoip_country: 'BE', geoip_selected_country: 'BE' } });
    expect(document.getElementById('locale-dropdown')).not.toBeNull();
    belgian.unmount();
    // ...so its absence right after the render is the answer. GB visitor, English browser, English page: nothing to choose.
    renderWithProviders(<LocaleDropdown />, { settings: { geoip_country: 'GB', geoip_selected_country: 'GB' } });
    expect(document.getElementById('locale-dropdown')).toBeNull();
  });

  it('is hidden when the site hides it, however many languages there are', () => {
    renderWithProviders(<LocaleDropdown />, { settings: { show_all_languages: true, hide_locale_dropdown: true } });
    expect(document.getElementById('locale-dropdown')).toBeNull();
  });

  it("offers the visitor's country languages plus the current one", async () => {
    renderWithProviders(<LocaleDropdown />, { settings: { geoip_country: 'BE', geoip_selected_country: 'BE' } });
    await userEvent.click(await screen.findByRole('button', { name: /Language: English/ }));
    const codes = [...document.querySelectorAll('[data-locale]')].map((el) => el.getAttribute('data-locale'));
    expect(codes).toEqual(['en', 'nl', 'de', 'fr']);
  });

  it('offers all seven when the selected country differs from the detected one', async () => {
    renderWithProviders(<LocaleDropdown />, { settings: { geoip_country: 'GB', geoip_selected_country: 'PL' } });
    await userEvent.click(await toggle());
    expect([...document.querySelectorAll('[data-locale]')].map((el) => el.getAttribute('data-locale'))).toEqual([...LOCALE_CODES]);
  });

  it('switches the page language at once, remembers it in the cookie and sets <html lang>', async () => {
    renderWithProviders(
      <>
        <LocaleDropdown />
        <NotFoundPage />
      </>,
      { settings: { show_all_languages: true } },
    );
    const heading = screen.getByRole('heading', { name: 'This page could not be found' });
    await userEvent.click(await toggle());
    const menu = document.querySelector('.dropdown-menu') as HTMLElement;
    await userEvent.click(within(menu).getByText('Nederlands'));

    await waitFor(() => expect(heading.textContent).toBe(i18n.getFixedT('nl')('errors.notFound.title')));
    // Same DOM node: re-rendered in place, not reloaded.
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    // The cookie is written once the catalogue switch finished, which may be after the heading changed.
    await waitFor(() => expect(readLocaleCookie()).toBe('nl'));
    expect(document.documentElement.lang).toBe('nl');
    await waitFor(() => expect(document.getElementById('locale-dropdown')!.textContent).toContain('Nederlands'));
  });
});
