/**
 * The postbacks screen (issue 31, decision 050): a site's networks, adding one (checked here and by
 * the server, each refusal under its field), changing and deleting one, and the call log with its pages.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ZPostbackCallLog,
  ZPostbackNetworkCreate,
  ZPostbackNetworkList,
  type TPostbackCall,
  type TPostbackNetwork,
} from '@cupido/shared/contracts/postbacks';
import { renderScreen, stubAdmin, type Handler } from '../ui/test/screen-test-kit';
import { Component as PostbacksScreen } from './postbacks-screen';

const SITES = [
  { id: 1, name: 'Cupido', domain: 'cupido.example' },
  { id: 2, name: 'Amora', domain: 'amora.example' },
];

function network(id: number, overrides: Partial<TPostbackNetwork> = {}): TPostbackNetwork {
  return {
    id,
    site_id: 1,
    network: `n${id}`,
    url_template: `https://track${id}.example.com/pb?click={ref}&e={event}`,
    enabled: true,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function call(id: number, overrides: Partial<TPostbackCall> = {}): TPostbackCall {
  return {
    id,
    network_id: 1,
    network: 'n1',
    site_id: 1,
    event: 'signup',
    url: `https://track1.example.com/pb?click=r${id}&e=signup`,
    status: 'sent',
    attempts: 1,
    answer_status: 200,
    answer_body: 'OK',
    created_at: '2026-11-21T10:00:00.000Z',
    last_attempt_at: '2026-11-21T10:00:01.000Z',
    sent_at: '2026-11-21T10:00:01.000Z',
    ...overrides,
  };
}

const listOf = (networks: TPostbackNetwork[]) => ZPostbackNetworkList.parse({ networks, sites: SITES });
const logOf = (calls: TPostbackCall[], page = 1, hasMore = false) =>
  ZPostbackCallLog.parse({ calls, page, page_size: 50, has_more: hasMore });

const renderPostbacks = (path = '/admin/postbacks?site=1') =>
  renderScreen(path, [{ path: '/admin/postbacks', element: <PostbacksScreen /> }]);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the postbacks screen', () => {
  it("shows the site's networks and the call log, newest first, with status, attempts and answer", async () => {
    const sent = stubAdmin({
      'GET /admin/api/postback-networks': () => ({
        body: listOf([network(1), network(2, { enabled: false })]),
      }),
      'GET /admin/api/postback-calls': () => ({
        body: logOf([
          call(2, {
            event: 'activation',
            status: 'failed',
            attempts: 6,
            answer_status: 500,
            answer_body: 'Internal error',
            sent_at: null,
          }),
          call(1),
        ]),
      }),
    });
    renderPostbacks();
    const networks = await screen.findByRole('group', { name: 'Networks' });
    const rows = within(networks).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('n1')).toBeTruthy();
    expect(within(rows[1]!).getByText('https://track1.example.com/pb?click={ref}&e={event}')).toBeTruthy();
    expect(within(rows[2]!).getByText('Off')).toBeTruthy();
    expect(sent.find((s) => s.key === 'GET /admin/api/postback-networks')!.url.searchParams.get('site_id')).toBe('1');

    const log = await screen.findByRole('group', { name: 'Calls to networks' });
    const logRows = within(log).getAllByRole('row');
    expect(within(logRows[1]!).getByText('Activation')).toBeTruthy();
    expect(within(logRows[1]!).getByText('Failed')).toBeTruthy();
    expect(within(logRows[1]!).getByText('6')).toBeTruthy();
    expect(within(logRows[1]!).getByText('Internal error')).toBeTruthy();
    expect(within(logRows[2]!).getByText('Sent')).toBeTruthy();
    expect(within(logRows[2]!).getByText('https://track1.example.com/pb?click=r1&e=signup')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages of the call log' })).toBeNull();
  });

  it('adds a network: refuses an http template and an unknown placeholder here, then sends what was typed', async () => {
    let networks = [network(1)];
    const sent = stubAdmin({
      'GET /admin/api/postback-networks': () => ({ body: listOf(networks) }),
      'GET /admin/api/postback-calls': () => ({ body: logOf([]) }),
      'POST /admin/api/postback-networks': ({ body }) => {
        const parsed = ZPostbackNetworkCreate.parse(body);
        networks = [
          ...networks,
          network(3, {
            network: parsed.network,
            url_template: parsed.url_template,
          }),
        ];
        return { status: 201, body: { network: networks[1] } };
      },
    });
    const user = userEvent.setup();
    renderPostbacks();
    const form = await screen.findByRole('form', { name: 'Add a network' });
    await user.click(within(form).getByRole('button', { name: 'Add network' }));
    expect(within(form).getByText("Enter the network's name.")).toBeTruthy();
    expect(within(form).getByText('Enter the postback URL the network gave you.')).toBeTruthy();

    await user.type(within(form).getByLabelText('Network name'), 'n9');
    const url = within(form).getByLabelText('Postback URL template');
    await user.type(url, 'http://track.example.com/pb');
    await user.click(within(form).getByRole('button', { name: 'Add network' }));
    expect(within(form).getByText('The postback URL must start with https://.')).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    await user.clear(url);
    await user.click(url);
    await user.paste('https://track.example.com/pb?m={email}');
    await user.click(within(form).getByRole('button', { name: 'Add network' }));
    expect(within(form).getByText('Unknown placeholder: email.')).toBeTruthy();
    expect(sent.filter((s) => s.key === 'POST /admin/api/postback-networks')).toHaveLength(0);

    await user.clear(url);
    await user.paste('https://track.example.com/pb?c={ref}&e={event}');
    await user.click(within(form).getByLabelText('Call this network'));
    await user.click(within(form).getByRole('button', { name: 'Add network' }));
    expect(await screen.findByText('The network n9 was saved.')).toBeTruthy();
    expect(sent.find((s) => s.key === 'POST /admin/api/postback-networks')!.body).toEqual({
      site_id: 1,
      network: 'n9',
      url_template: 'https://track.example.com/pb?c={ref}&e={event}',
      enabled: false,
    });
    expect(await within(screen.getByRole('group', { name: 'Networks' })).findByText('n9')).toBeTruthy();
  });

  it("shows the server's refusal under its field (a name resolving to a private address)", async () => {
    const refusal: Handler = () => ({
      status: 400,
      body: {
        error: {
          code: 'postback_template_private_host',
          message: "The postback URL points at a private, loopback or link-local address. Use the network's public address.",
          field: 'url_template',
        },
      },
    });
    stubAdmin({
      'GET /admin/api/postback-networks': () => ({ body: listOf([]) }),
      'GET /admin/api/postback-calls': () => ({ body: logOf([]) }),
      'POST /admin/api/postback-networks': refusal,
    });
    const user = userEvent.setup();
    renderPostbacks();
    expect(await screen.findByText('This site has no networks yet.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Add a network' });
    await user.type(within(form).getByLabelText('Network name'), 'inside');
    await user.click(within(form).getByLabelText('Postback URL template'));
    await user.paste('https://intranet.example.com/pb');
    await user.click(within(form).getByRole('button', { name: 'Add network' }));
    const error = await within(form).findByText(/points at a private, loopback or link-local address/);
    expect(within(form).getByLabelText('Postback URL template').getAttribute('aria-describedby')).toContain(error.id);
  });

  it('changes a network and deletes one after confirming', async () => {
    let networks = [network(1), network(2)];
    const sent = stubAdmin({
      'GET /admin/api/postback-networks': () => ({ body: listOf(networks) }),
      'GET /admin/api/postback-calls': () => ({ body: logOf([]) }),
      'PUT /admin/api/postback-networks/1': ({ body }) => {
        networks = [{ ...networks[0]!, ...(body as object) }, networks[1]!];
        return { body: { network: networks[0] } };
      },
      'DELETE /admin/api/postback-networks/2': () => {
        networks = networks.slice(0, 1);
        return { body: { id: 2, deleted: true } };
      },
    });
    const user = userEvent.setup();
    renderPostbacks();
    await user.click(await screen.findByRole('button', { name: 'Edit n1' }));
    const form = screen.getByRole('form', { name: 'Edit n1' });
    expect((within(form).getByLabelText('Postback URL template') as HTMLInputElement).value).toBe(
      'https://track1.example.com/pb?click={ref}&e={event}',
    );
    await user.click(within(form).getByLabelText('Call this network'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The network n1 was saved.')).toBeTruthy();
    expect(sent.find((s) => s.key === 'PUT /admin/api/postback-networks/1')!.body).toMatchObject({ network: 'n1', enabled: false });

    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    await user.click(screen.getByRole('button', { name: 'Delete n2' }));
    expect(sent.some((s) => s.key === 'DELETE /admin/api/postback-networks/2')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete n2' }));
    expect(await screen.findByText('The network n2 was deleted.')).toBeTruthy();
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(within(screen.getByRole('group', { name: 'Networks' })).queryByText('n2')).toBeNull();
  });

  it('pages through the call log', async () => {
    const sent = stubAdmin({
      'GET /admin/api/postback-networks': () => ({
        body: listOf([network(1)]),
      }),
      'GET /admin/api/postback-calls': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        return {
          body: page === 1 ? logOf([call(60)], 1, true) : logOf([call(10, { event: 'purchase' })], 2, false),
        };
      },
    });
    const user = userEvent.setup();
    renderPostbacks();
    const pages = await screen.findByRole('navigation', {
      name: 'Pages of the call log',
    });
    expect(
      (
        within(pages).getByRole('button', {
          name: 'Newer calls',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    await user.click(within(pages).getByRole('button', { name: 'Older calls' }));
    expect(await screen.findByText('First purchase')).toBeTruthy();
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(sent.filter((s) => s.key === 'GET /admin/api/postback-calls').map((s) => s.url.searchParams.get('page'))).toEqual(['1', '2']);
  });
});
