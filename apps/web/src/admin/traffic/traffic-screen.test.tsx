/**
 * The traffic screen (issue 31): the figures table with totals, bounce rate and revenue per
 * currency, the two charts as labelled canvases described by the table, the filters sent to GET
 * /admin/api/traffic and kept in the address, the CSV link with the same filters, and the
 * server's refusal shown as it says it.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZTrafficAnswer, type TTrafficAnswer } from '@cupido/shared/contracts/traffic-figures';
import { renderScreen, stubAdmin, type Handler } from '../ui/test/screen-test-kit';
import { Component as TrafficScreen } from './traffic-screen';

const row = (key: string, label: string, counts: number[], revenue: TTrafficAnswer['totals']['revenue'] = []) => {
  const [visits, bounces, signups, activations, buyers] = counts as [number, number, number, number, number];
  return { key, label, visits, bounces, signups, activations, buyers, revenue };
};

const ANSWER: TTrafficAnswer = ZTrafficAnswer.parse({
  site_id: null,
  from: '2026-04-01',
  to: '2026-04-03',
  group_by: 'network',
  rows: [row('n1', 'n1', [40, 10, 4, 3, 1], [{ currency: 'EUR', amount_minor: 4490, payments: 2 }]), row('', '', [8, 8, 1, 0, 0])],
  truncated: false,
  totals: {
    visits: 48,
    bounces: 18,
    signups: 5,
    activations: 3,
    buyers: 1,
    revenue: [{ currency: 'EUR', amount_minor: 4490, payments: 2 }],
  },
  days: ['2026-04-01', '2026-04-02', '2026-04-03'],
  series: { visits: [10, 30, 8], bounces: [5, 10, 3], signups: [1, 3, 1], activations: [0, 2, 1], buyers: [0, 1, 0] },
  sites: [
    { id: 1, name: 'Cupido', domain: 'localhost' },
    { id: 2, name: 'Amora', domain: 'amora.example' },
  ],
});

afterEach(() => vi.restoreAllMocks());

function render(path = '/admin/traffic?group_by=network', handler: Handler = () => ({ body: ANSWER })) {
  // chart.js finds no canvas context in happy-dom and says so on the console: expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const sent = stubAdmin({ 'GET /admin/api/traffic': handler });
  const view = renderScreen(path, [{ path: '/admin/traffic', element: <TrafficScreen /> }]);
  return { sent, ...view };
}

const cellsOf = (tr: HTMLElement) => [...tr.querySelectorAll('th,td')].map((cell) => cell.textContent);

describe('traffic screen', () => {
  it('lists each group with its counts, bounce rate and revenue, "(none)" for no value, and a total row', async () => {
    render();
    const table = await screen.findByRole('table', { name: /Figures by network/ });
    const rows = within(table).getAllByRole('row');
    expect(cellsOf(rows[0]!)).toEqual(['Network', 'Visits', 'Bounces', 'Signups', 'Activations', 'Buyers', 'Bounce rate', 'Revenue']);
    expect(cellsOf(rows[1]!)).toEqual(['n1', '40', '10', '4', '3', '1', '25.0%', '€44.90']);
    expect(cellsOf(rows[2]!)).toEqual(['(none)', '8', '8', '1', '0', '0', '100.0%', '–']);
    expect(cellsOf(rows[3]!)).toEqual(['Total', '48', '18', '5', '3', '1', '37.5%', '€44.90']);
  });

  it('draws both charts as labelled images described by the table', async () => {
    const { container } = render();
    await screen.findByRole('table', { name: /Figures by network/ });
    expect(container.querySelectorAll('canvas')).toHaveLength(2);
    const visits = screen.getByRole('img', {
      name: /^Visits and bounces per day from 2026-04-01 to 2026-04-03: Visits 48 in total, Bounces 18 in total/,
    });
    expect(visits.getAttribute('aria-describedby')).toBe('traffic-figures');
    expect(screen.getByRole('img', { name: /Signups 5 in total, Activations 3 in total, Buyers 1 in total/ })).toBeTruthy();
  });

  it('asks for the chosen site, period, grouping and filters, and links the CSV with the same', async () => {
    const { sent, router } = render('/admin/traffic');
    await screen.findByRole('table');
    expect(sent[0]!.url.search).toBe('');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/admin/api/traffic.csv?group_by=day');
    await userEvent.selectOptions(screen.getByLabelText('Site'), 'Amora (amora.example)');
    const from = screen.getByLabelText<HTMLInputElement>('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-03-01');
    await userEvent.selectOptions(screen.getByLabelText('Group by'), 'Sub ID');
    await userEvent.type(screen.getByLabelText('Network'), ' n1 ');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    const asked = sent[1]!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ site_id: '2', from: '2026-03-01', to: '2026-04-03', group_by: 'sub1', network: 'n1' });
    expect(router.state.location.search).toBe('?site_id=2&from=2026-03-01&to=2026-04-03&group_by=sub1&network=n1');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/admin/api/traffic.csv?site_id=2&from=2026-03-01&to=2026-04-03&group_by=sub1&network=n1',
    );
  });

  it("shows the server's refusal of a period", async () => {
    render('/admin/traffic?from=2026-04-02&to=2026-04-01', () => ({
      status: 400,
      body: { error: { code: 'period_reversed', message: 'The period ends before it starts.' } },
    }));
    expect((await screen.findByRole('alert')).textContent).toBe('The period ends before it starts.');
  });
});
