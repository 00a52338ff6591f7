/**
 * The warnings header (issue 29): a visitor gets the full 18+ and fictional-profile notices; a
 * member, who passed the entry warning, one compact line with both marks that opens to the full
 * texts. The fictional mark is the app's own SVG, never the settings' emoji.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
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
});
