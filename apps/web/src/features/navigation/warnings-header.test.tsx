/**
 * The warnings header (issue 29): a visitor gets the full 18+ and fictional-profile notices; a
 * member, who passed the entry warning, one compact line with both marks that opens to the full
 * texts. The fictional mark is the app's own SVG, never the settings' emoji. Before the session
 * is known, the frame follows the server's guess, so it does not jump when the answer comes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { TopNavigation } from './top-navigation';
import { WarningsHeader } from './warnings-header';

const settings = { fictional_warning: 'Some profiles are run by our staff.', fictional_icon: '🎭', minimum_age: 18 };
const header = () => screen.getByRole('complementary', { name: 'Important notices' });

describe('warnings header', () => {
  it('a visitor sees both full notices, the fictional one with the SVG icon', () => {
    renderWithProviders(<WarningsHeader />, { user: null, route: '/members', settings });
    expect(header().textContent).toContain('Adults only: you must be 18 or older to use this site.');
    expect(header().textContent).toContain('Some profiles are run by our staff.');
    expect(header().textContent).not.toContain('🎭');
    expect(header().querySelector('svg.fictional-icon[aria-hidden="true"]')).not.toBeNull();
    expect(header().querySelector('details')).toBeNull();
  });

  it('a member sees one compact line with 18+ and the fictional mark, which opens to the full texts', () => {
    renderWithProviders(<WarningsHeader />, { user: makeUser(), route: '/members', settings });
    const details = header().querySelector('details')!;
    const summary = details.querySelector('summary')!;
    expect(details.open).toBe(false);
    expect(summary.textContent).toBe('18+Adults only · Marked profiles are fictional');
    expect(summary.querySelector('svg.fictional-icon[aria-hidden="true"]')).not.toBeNull();
    expect(header().textContent).not.toContain('🎭');
    fireEvent.click(summary);
    expect(details.open).toBe(true);
    expect(within(details).getByText('Adults only: you must be 18 or older to use this site.')).toBeTruthy();
    expect(within(details).getByText('Some profiles are run by our staff.')).toBeTruthy();
  });

  describe('while the session call is out (decision 045)', () => {
    afterEach(() => {
      document.querySelector('meta[name="member-expected"]')?.remove();
      vi.unstubAllGlobals();
    });
    /** The first screen before GET /api/user.php answers (it never does here), in a page served with or without the server's guess. */
    function renderPending(memberExpected: boolean) {
      if (memberExpected) document.head.insertAdjacentHTML('beforeend', '<meta name="member-expected" content="1">');
      vi.stubGlobal(
        'fetch',
        vi.fn(() => new Promise(() => {})),
      );
      renderWithProviders(
        <>
          <WarningsHeader />
          <TopNavigation />
        </>,
        { user: 'pending', route: '/members', settings },
      );
    }

    it('draws a member’s frame when the page was served to a browser with a session cookie', () => {
      renderPending(true);
      expect(header().querySelector('details')).not.toBeNull();
      const nav = screen.getByRole('navigation', { name: 'Main navigation' });
      expect(nav.querySelector('#main-navigation.d-flex')).not.toBeNull();
      expect(nav.querySelector('.navbar-toggler')).toBeNull();
    });

    it('draws a visitor’s frame otherwise', () => {
      renderPending(false);
      expect(header().querySelector('details')).toBeNull();
      expect(screen.getByRole('navigation', { name: 'Main navigation' }).querySelector('.navbar-toggler')).not.toBeNull();
    });
  });
});
