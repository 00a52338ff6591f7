import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../i18n/i18n';
import { sentQueries, stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import { VISIT_TRACKING_STORAGE_KEY } from '../tracking/tracking';
import PartnerRedirectNotice, { PARTNER_REDIRECT_SECONDS } from './partner-redirect-notice';
import { PromoTile, promoPositions } from './promo-tile';

const liveCam = {
  kind: 'live_cam' as const,
  url: 'https://cams.example/?utm_source=localhost&utm_medium=promo_tile&utm_campaign=live_cam',
  image_url: 'https://cdn.cams.example/tile.jpg',
};
const countdown = () => document.getElementById('partner-redirect-countdown')?.textContent;
const redirect = { url: 'https://partner.example/join?network=n1&sub1=s1', host: 'partner.example' };

afterEach(async () => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  await changeLocale('en');
});

describe('PromoTile', () => {
  it('is labelled an advertisement, opens the partner in a new tab as a sponsored link, and describes its image', async () => {
    renderWithProviders(<PromoTile tile={liveCam} />);
    const link = await screen.findByRole('link', { name: /Advertisement/ });
    expect(link.getAttribute('href')).toBe(liveCam.url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener sponsored');
    expect(link.textContent).toContain('(opens in a new tab)');
    expect(within(link).getByRole('img').getAttribute('alt')).toBe('Live cam models online now, on a partner site');
  });

  it('says so in the member’s language', async () => {
    await changeLocale('nl');
    renderWithProviders(<PromoTile tile={{ ...liveCam, kind: 'member_resell' }} />, { locale: 'nl' });
    const link = await screen.findByRole('link', { name: /Advertentie/ });
    expect(within(link).getByRole('img').getAttribute('alt')).toBe('Singles op onze partnerdatingsite');
  });

  it('places tile i after (i + 1) × every cards, or at the end of a short page', () => {
    expect(promoPositions(20, 2, 6)).toEqual([6, 12]);
    expect(promoPositions(8, 2, 6)).toEqual([6, 8]);
    expect(promoPositions(3, 1, 6)).toEqual([3]);
    expect(promoPositions(0, 2, 6)).toEqual([]);
  });
});

describe('PartnerRedirectNotice', () => {
  it('names the partner and why, counts down visibly, then goes there with the visit’s tracking (never the e-mail address)', async () => {
    sessionStorage.setItem(VISIT_TRACKING_STORAGE_KEY, JSON.stringify({ network: 'n1', sub1: 's1', email: 'eva@example.com' }));
    const api = stubApi({ 'GET /api/partner-redirect.php': { body: redirect } });
    const go = vi.fn();
    renderWithProviders(<PartnerRedirectNotice reason="country" go={go} seconds={2} />, {
      settings: { geoip_country: 'DE', name: 'Amora' },
    });
    expect(
      await screen.findByText('Amora does not serve your country. Our partner site partner.example does, so we will take you there.'),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('partner.example');
    expect(sentQueries(api, 'GET /api/partner-redirect.php')).toEqual([{ country: 'DE', network: 'n1', sub1: 's1' }]);
    expect(countdown()).toBe('Taking you to partner.example in 2\u00a0s');
    const goNow = screen.getByRole('link', { name: 'Go to partner.example now' });
    expect(goNow.getAttribute('href')).toBe(redirect.url);

    await waitFor(() => expect(countdown()).toBe('Taking you to partner.example in 1\u00a0s'), { timeout: 1500 });
    expect(go).not.toHaveBeenCalled();
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1), { timeout: 2000 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(go).toHaveBeenCalledTimes(1);
    expect(go).toHaveBeenCalledWith(redirect.url);
  });

  it(`counts down from ${PARTNER_REDIRECT_SECONDS} s by default`, async () => {
    stubApi({ 'GET /api/partner-redirect.php': { body: redirect } });
    renderWithProviders(<PartnerRedirectNotice reason="closed" go={vi.fn()} />);
    await waitFor(() => expect(countdown()).toBe(`Taking you to partner.example in ${PARTNER_REDIRECT_SECONDS}\u00a0s`));
  });

  it('stays when asked: the countdown stops and the notice goes', async () => {
    stubApi({ 'GET /api/partner-redirect.php': { body: redirect } });
    const go = vi.fn();
    const onStay = vi.fn();
    renderWithProviders(<PartnerRedirectNotice reason="closed" go={go} onStay={onStay} seconds={1} />, { settings: { name: 'Amora' } });
    expect(await screen.findByText(/New members cannot sign up on Amora through this link/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stay on Amora' }));
    expect(onStay).toHaveBeenCalled();
    expect(screen.queryByText(/partner.example/)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(go).not.toHaveBeenCalled();
  });

  it('shows nothing when the site has no partner for the visitor (404)', async () => {
    const api = stubApi({});
    const go = vi.fn();
    const { container } = renderWithProviders(<PartnerRedirectNotice reason="country" go={go} />);
    await waitFor(() => expect(sentQueries(api, 'GET /api/partner-redirect.php')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
    expect(go).not.toHaveBeenCalled();
  });
});
