/**
 * The campaigns screens (issue 30): the list with status and counts; writing a draft (refused
 * server input under its field); the preview in a sandboxed frame; the test to the staff member's
 * own address; sending behind a confirmation that names the audience; cancelling. The network is
 * stubbed with answers that pass the shared contracts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZCampaign, ZCampaignList, ZCampaignPreview, ZCampaignSites, type TCampaign } from '@cupido/shared/contracts/campaigns';
import { renderScreen, stubAdmin, type Handler } from '../ui/test/screen-test-kit';
import { Component as CampaignEditScreen } from './campaign-edit-screen';
import { Component as CampaignListScreen } from './campaign-list-screen';

afterEach(() => vi.restoreAllMocks());

const SITES = ZCampaignSites.parse({
  sites: [
    { id: 1, name: 'Cupido', domain: 'cupido.example' },
    { id: 2, name: 'Liefde', domain: 'liefde.example' },
  ],
});

const campaign = (extra: Partial<TCampaign> = {}): TCampaign =>
  ZCampaign.parse({
    id: 7,
    kind: 'promotions',
    site_id: 1,
    language: 'en',
    subject: 'Half price this weekend',
    body: 'All packages are half price.',
    link: 'https://cupido.example/credits',
    button_label: 'See the offers',
    status: 'draft',
    created_by: { id: 1, name: 'Ada' },
    created_at: '2026-03-10T10:00:00.000Z',
    updated_at: '2026-03-10T10:00:00.000Z',
    send_started_at: null,
    sent_at: null,
    cancelled_at: null,
    counts: { audience: 42, sent: 0, skipped: 0, queued: 0, cancelled: 0 },
    ...extra,
  });

const ROUTES = [
  { path: '/admin/campaigns', element: <CampaignListScreen /> },
  { path: '/admin/campaigns/:id', element: <CampaignEditScreen /> },
];

function render(path: string, handlers: Record<string, Handler> = {}) {
  const sent = stubAdmin({ 'GET /admin/api/campaigns/sites': () => ({ body: SITES }), ...handlers });
  return { sent, ...renderScreen(path, ROUTES) };
}

describe('campaign list', () => {
  it('lists the campaigns with kind, site, language, status and how many got them', async () => {
    const list = ZCampaignList.parse({
      campaigns: [
        campaign({ status: 'sent', counts: { audience: 42, sent: 40, skipped: 2, queued: 0, cancelled: 0 } }),
        campaign({ id: 8, subject: 'Nieuws', kind: 'news', language: 'nl', site_id: 2 }),
      ],
    });
    render('/admin/campaigns', { 'GET /admin/api/campaigns': () => ({ body: list }) });
    const table = await screen.findByRole('table', { name: 'Campaigns, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) => [
        within(row).getByRole('rowheader').textContent,
        ...within(row)
          .getAllByRole('cell')
          .slice(0, 5)
          .map((cell) => cell.textContent),
      ]),
    ).toEqual([
      ['Half price this weekend', 'Promotions', 'Cupido', 'English', 'Sent', '40 of 42'],
      ['Nieuws', 'News', 'Liefde', 'Dutch', 'Draft', '—'],
    ]);
    expect(screen.getByRole('link', { name: 'Open Nieuws' }).getAttribute('href')).toBe('/admin/campaigns/8');
  });
});

describe('writing and sending a campaign', () => {
  it('creates a draft, and shows the server’s refusal of the link under the field', async () => {
    let calls = 0;
    const { sent, router } = render('/admin/campaigns/new', {
      'POST /admin/api/campaigns': ({ body }) =>
        ++calls === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'campaign_link_not_on_site',
                  message: 'The link must be an address on the site itself, starting with https://cupido.example/.',
                  field: 'link',
                },
              },
            }
          : { status: 201, body: campaign({ ...(body as object) }) },
      'GET /admin/api/campaigns/7': () => ({ body: campaign() }),
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'New campaign' });
    await waitFor(() => expect((screen.getByLabelText('Site') as HTMLSelectElement).value).toBe('1'));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(screen.getByLabelText('Subject').getAttribute('aria-invalid')).toBe('true');
    expect(sent.filter((s) => s.key === 'POST /admin/api/campaigns')).toHaveLength(0);

    await user.type(screen.getByLabelText('Subject'), 'Half price this weekend');
    await user.type(screen.getByLabelText('Text'), 'All packages are half price.');
    await user.type(screen.getByLabelText('Link (optional)'), 'https://evil.example/');
    await user.type(screen.getByLabelText('Button label'), 'See the offers');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const link = screen.getByLabelText('Link (optional)');
    await waitFor(() => expect(link.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(/must be an address on the site itself/)).toBeTruthy();

    await user.clear(link);
    await user.type(link, 'https://cupido.example/credits');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/campaigns/7'));
    // The draft's own screen loads it (its chunk, then GET): waited for here, so that call is inside the test.
    await screen.findByRole('heading', { name: 'Campaign: Half price this weekend' });
    expect(sent.filter((s) => s.key === 'POST /admin/api/campaigns').at(-1)!.body).toEqual({
      site_id: 1,
      language: 'en',
      kind: 'promotions',
      subject: 'Half price this weekend',
      body: 'All packages are half price.',
      link: 'https://cupido.example/credits',
      button_label: 'See the offers',
    });
  });

  it('previews in a sandboxed frame, sends the test to me, and sends to the audience after confirming', async () => {
    let current = campaign();
    const preview = ZCampaignPreview.parse({
      subject: 'Half price this weekend',
      html: '<html><body><h1>Half price</h1></body></html>',
      text: 'Half price',
      audience: 42,
    });
    const { sent } = render('/admin/campaigns/7', {
      'GET /admin/api/campaigns/7': () => ({ body: current }),
      'POST /admin/api/campaigns/preview': () => ({ body: preview }),
      'POST /admin/api/campaigns/7/test': () => ({ body: { to: 'ada@staff.example' } }),
      'POST /admin/api/campaigns/7/send': () => {
        current = campaign({
          status: 'sending',
          send_started_at: '2026-03-10T10:05:00.000Z',
          counts: { audience: 42, sent: 0, skipped: 0, queued: 42, cancelled: 0 },
        });
        return { body: current };
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Campaign: Half price this weekend' });

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const frame = await screen.findByTitle("The mail's HTML part");
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>Half price</h1>');
    expect(screen.getByText('42 members would get it now.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send test to me' }));
    expect(await screen.findByText('The test mail went to ada@staff.example.')).toBeTruthy();
    expect(sent.find((s) => s.key === 'POST /admin/api/campaigns/7/test')!.body).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Send to 42 members' }));
    const dialog = screen.getByRole('dialog', { name: 'Send this campaign?' });
    expect(dialog.textContent).toContain('goes to 42 members of Cupido who read English and opted in to promotions');
    expect(sent.some((s) => s.key === 'POST /admin/api/campaigns/7/send')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, send it' }));
    await waitFor(() => expect(sent.some((s) => s.key === 'POST /admin/api/campaigns/7/send')).toBe(true));
    expect(await screen.findByText(/This campaign is Sending: it can no longer be changed/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Send to/ })).toBeNull();
    expect(screen.getByLabelText('Subject').closest('fieldset')!.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.getByText('Audience 42 · sent 0 · waiting 42 · left out 0 · cancelled 0')).toBeTruthy();
  });

  it('keeps the send behind a save while the text has changed, and cancels after confirming', async () => {
    let current = campaign();
    const { sent } = render('/admin/campaigns/7', {
      'GET /admin/api/campaigns/7': () => ({ body: current }),
      'POST /admin/api/campaigns/7/cancel': () => {
        current = campaign({ status: 'cancelled', cancelled_at: '2026-03-10T10:06:00.000Z' });
        return { body: current };
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Campaign: Half price this weekend' });
    await user.type(screen.getByLabelText('Subject'), '!');
    expect((screen.getByRole('button', { name: 'Send to 42 members' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send test to me' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Cancel campaign' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this campaign?' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel campaign' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel this campaign?' })).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(sent.some((s) => s.key === 'POST /admin/api/campaigns/7/cancel')).toBe(true));
    expect(await screen.findByText('Cancelled: nothing more of it will be sent.')).toBeTruthy();
    expect(dialog.isConnected).toBe(false);
  });
});
