import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERSONAL_DATA_FORMAT, type TPersonalDataExport } from '@cupido/shared/contracts/personal-data';
import { apiError, sentBodies, stubApi } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { readAdConsent, resetAdConsentMemory } from '../tracking/ad-consent';
import { captureTrackingParams, rememberAdConsent, TRACKING_STORAGE_KEY } from '../tracking/tracking';
import { PersonalDataSettings } from './personal-data-settings';

const exported: TPersonalDataExport = {
  format: PERSONAL_DATA_FORMAT,
  exported_at: '2026-03-10T10:00:00.000Z',
  site: { name: 'Cupido Test', domain: 'cupido.test' },
  account: {
    id: 7,
    email: 'anna@example.com',
    pending_email: null,
    status: 'active',
    language: 'en',
    credits: 20,
    paid_user: false,
    notifications_disabled: [],
    signup_message: null,
    signup_profile_id: null,
    tracking: {},
    created_at: '2026-03-01T10:00:00.000Z',
    activated_at: null,
    deleted_at: null,
    delete_reason: null,
    delete_remarks: null,
    sessions: [],
    mail_links: [],
  },
  consents: [{ kind: 'terms', version: '2024-01-01T00:00:00.000Z', granted_at: '2026-03-01T10:00:00.000Z', revoked_at: null }],
  profile: null,
  photos: [],
  blocks: [],
  reports: [],
  complaints: [],
  credit_history: [],
  likes: { given: [], received: [], passes: [] },
  chats: { conversations: [], messages_sent: [] },
  orders: [],
  operator_care: { vulnerability: null, notes: [] },
  notifications: { preferences: {}, changed: [], mailed: [] },
  push_devices: [],
  campaign_mails: [],
  traffic_source: null,
  conversion_reports: [],
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetAdConsentMemory();
});
afterEach(() => vi.restoreAllMocks());

describe('settings: download my data', () => {
  it('saves the answer as <site>-my-data-<date>.json', async () => {
    stubApi({ 'GET /api/personal-data.php': { body: exported } });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:my-data');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    renderWithProviders(<PersonalDataSettings />, { user: makeUser() });
    expect(screen.getByRole('heading', { level: 2, name: 'Your data' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your file is ready and has been downloaded.')).toBeTruthy();
    expect(clicked.map((a) => [a.download, a.href])).toEqual([['cupido-test-my-data-2026-03-10.json', 'blob:my-data']]);
    const saved = JSON.parse(await createObjectURL.mock.calls[0]![0].text()) as TPersonalDataExport;
    expect(saved).toEqual(exported);
    vi.unstubAllGlobals();
  });

  it("shows the server's message when the download fails", async () => {
    stubApi({ 'GET /api/personal-data.php': apiError(429, 'too_many_requests_x', 'Too many downloads, try again later') });
    const user = userEvent.setup();
    renderWithProviders(<PersonalDataSettings />, { user: makeUser() });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many downloads, try again later');
  });
});

describe('settings: ad tracking', () => {
  it('withdraws the consent: on the server, and the kept parameters go', async () => {
    rememberAdConsent('accepted');
    window.history.replaceState(null, '', '/?network=adnet');
    captureTrackingParams();
    expect(localStorage.getItem(TRACKING_STORAGE_KEY)).not.toBeNull();
    const fetch = stubApi({ 'POST /api/consent.php': { body: { user: makeUser({ ad_tracking_consent: false }) } } });
    const user = userEvent.setup();
    renderWithProviders(<PersonalDataSettings />, { user: makeUser({ ad_tracking_consent: true }) });
    const toggle = screen.getByRole('switch', { name: 'Remember which advertisement brought me here' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/consent.php')).toEqual([{ kind: 'ad_tracking', granted: false }]));
    expect(await screen.findByText('Your choice has been saved.')).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(readAdConsent()).toBe('rejected');
    expect(localStorage.getItem(TRACKING_STORAGE_KEY)).toBeNull();
  });

  it('gives it again', async () => {
    const fetch = stubApi({ 'POST /api/consent.php': { body: { user: makeUser({ ad_tracking_consent: true }) } } });
    const user = userEvent.setup();
    renderWithProviders(<PersonalDataSettings />, { user: makeUser({ ad_tracking_consent: false }) });
    const toggle = screen.getByRole('switch', { name: 'Remember which advertisement brought me here' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await user.click(toggle);
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/consent.php')).toEqual([{ kind: 'ad_tracking', granted: true, tracking: {} }]));
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(readAdConsent()).toBe('accepted');
  });
});
