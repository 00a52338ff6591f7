import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENTRY_WARNING_STORAGE_KEY } from '@cupido/shared/rules/constants';
import { renderWithProviders } from '../../test/render-with-providers';
import { EntryWarningModal, LEAVE_SITE_URL } from './entry-warning-modal';

const dialog = () => document.getElementById('site-entry-warning');
const shown = () => waitFor(() => expect(dialog()).not.toBeNull());

describe('site-entry warning', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('shows a modal dialog with the age, the disclosure and both choices, the focus on Enter', async () => {
    renderWithProviders(<EntryWarningModal />, { settings: { minimum_age: 21 } });
    // There at once: nothing lazy, no effect. So where a test finds no warning right after a render
    // or an action, that is the answer, not a question of waiting.
    expect(dialog()).not.toBeNull();
    const warning = screen.getByRole('dialog', { name: 'Adults only (21+)' });
    expect(warning.id).toBe('site-entry-warning');
    expect(warning.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement?.id).toBe('site-entry-warning-enter');
    expect(screen.getByRole('heading', { name: 'Adults only (21+)' })).toBeTruthy();
    expect(screen.getByText(/at least 21 years old/)).toBeTruthy();
    expect(screen.getByText('Some profiles on this site are fictional and are run by our staff.')).toBeTruthy();
    expect(screen.getByText('fictional profiles')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Leave' }).getAttribute('href')).toBe(LEAVE_SITE_URL);
  });

  it('closes on Enter and remembers it', async () => {
    const { unmount } = renderWithProviders(<EntryWarningModal />);
    await userEvent.click(await screen.findByRole('button', { name: 'I am of age, enter' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(localStorage.getItem(ENTRY_WARNING_STORAGE_KEY)).toBeTruthy();
    unmount();
    renderWithProviders(<EntryWarningModal />);
    expect(dialog()).toBeNull();
  });

  it('does not close on Escape (only Enter or Leave close it)', async () => {
    renderWithProviders(<EntryWarningModal />);
    await shown();
    await userEvent.keyboard('{Escape}');
    expect(dialog()).not.toBeNull();
  });

  it('keeps the focus inside while open: Tab cycles between Enter and Leave', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <button type="button">Behind the warning</button>
        <EntryWarningModal />
      </>,
    );
    await shown();
    expect(document.activeElement?.id).toBe('site-entry-warning-enter');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Leave');
    await user.tab();
    expect(document.activeElement?.id).toBe('site-entry-warning-enter');
    await user.tab({ shift: true });
    expect(document.activeElement?.textContent).toBe('Leave');
  });

  it('stays hidden when the site disables it', async () => {
    renderWithProviders(<EntryWarningModal />, { settings: { enable_site_entry_popup: 'no' } });
    expect(dialog()).toBeNull();
  });

  it('shows only to the listed countries when restricted', async () => {
    const { unmount } = renderWithProviders(<EntryWarningModal />, {
      settings: { site_entry_popup_countries: ['NL', 'DE'], geoip_selected_country: 'GB' },
    });
    expect(dialog()).toBeNull();
    unmount();
    renderWithProviders(<EntryWarningModal />, { settings: { site_entry_popup_countries: ['NL', 'DE'], geoip_selected_country: 'NL' } });
    await shown();
  });

  it('stays hidden in the installed app', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query === '(display-mode: standalone)', media: query }) as MediaQueryList,
    );
    renderWithProviders(<EntryWarningModal />);
    expect(dialog()).toBeNull();
  });
});
