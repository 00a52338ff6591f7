/**
 * The dashboard screen: the queue cards, the sortable table of the figures per day (the charts'
 * text alternative), the charts' canvases with their labels, and the site and period pickers
 * sending their choice to GET /admin/api/dashboard. chart.js draws nothing in happy-dom (no
 * canvas context); the test checks each chart mounts its labelled canvas.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZDashboardAnswer, type TDashboardAnswer } from '@cupido/shared/contracts/dashboard';
import { renderScreen, stubAdmin } from '../ui/test/screen-test-kit';
import { Component as DashboardScreen } from './dashboard-screen';

const ANSWER: TDashboardAnswer = ZDashboardAnswer.parse({
  site_id: null,
  from: '2026-03-07',
  to: '2026-03-09',
  days: ['2026-03-07', '2026-03-08', '2026-03-09'],
  series: {
    signups: [1, 5, 3],
    activations: [0, 4, 2],
    active_members: [10, 12, 9],
    likes: [7, 2, 30],
    messages: [0, 0, 0],
    credits_spent: [100, 0, 250],
    payments: [2, 0, 1],
  },
  revenue: [{ currency: 'EUR', net: [3990, 0, -500] }],
  queues: {
    photos: { count: 12, oldest_at: '2026-03-08T09:30:00.000Z' },
    reports: { count: 0, oldest_at: null },
    appeals: { count: 2, oldest_at: '2026-03-01T00:00:00.000Z' },
  },
  operators: {
    answered: [
      { staff_id: 3, staff_name: 'Anna', day: '2026-03-08', count: 4 },
      { staff_id: 4, staff_name: 'Bert', day: '2026-03-08', count: 1 },
      { staff_id: 3, staff_name: 'Anna', day: '2026-03-09', count: 2 },
    ],
    answer_seconds: { median: 250, p90: 1_385, count: 7 },
    queues: [
      { site_id: 1, count: 5, oldest_at: '2026-03-11T09:18:00.000Z' },
      { site_id: 2, count: 0, oldest_at: null },
    ],
  },
  sites: [
    { id: 1, name: 'Cupido', domain: 'localhost' },
    { id: 2, name: 'Amora', domain: 'amora.example' },
  ],
});

afterEach(() => vi.restoreAllMocks());

function render(path = '/admin') {
  vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-03-11T09:30:00Z'));
  // chart.js finds no canvas context in happy-dom and says so on the console: expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const sent = stubAdmin({ 'GET /admin/api/dashboard': () => ({ body: ANSWER }) });
  const view = renderScreen(path, [{ path: '/admin', element: <DashboardScreen /> }]);
  return { sent, ...view };
}

const dayColumn = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('dashboard screen', () => {
  it('shows the queues as cards and every figure in a table with totals', async () => {
    render();
    const photos = await screen.findByRole('region', { name: 'Photos waiting for review' });
    expect(photos.textContent).toContain('12');
    expect(photos.textContent).toContain('Oldest waiting since 8 Mar 2026, 09:30 UTC (3 days)');
    expect(screen.getByRole('region', { name: 'Open reports' }).textContent).toContain('Nothing waiting');
    const table = screen.getByRole('table', { name: /Figures per day/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day ▼', 'Signups', 'Activations', 'Active members', 'Likes', 'Messages', 'Credits spent', 'Payments']);
    expect(screen.getByRole('region', { name: 'Net revenue (EUR)' }).textContent).toContain('€34.90');
    // Newest day first, then the total row.
    expect(dayColumn(table)).toEqual(['2026-03-09', '2026-03-08', '2026-03-07', 'Total']);
    const total = within(table).getAllByRole('row').at(-1)!;
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['9', '6', '31', '39', '0', '350', '3']);
    expect(screen.getByText('Paid less refunds and chargebacks, by the UTC day each was booked.')).toBeTruthy();
  });

  it('shows the operator console: answers per operator and day, time to answer, waiting per site', async () => {
    render();
    const section = await screen.findByRole('region', { name: 'Operator console' });
    const time = within(section).getByRole('region', { name: 'Time to answer in the period' });
    expect(time.textContent).toContain('Median4 min 10 s');
    expect(time.textContent).toContain('90% answered within23 min 5 s');
    expect(time.textContent).toContain('over 7 answers');
    const rowsOf = (name: string) =>
      within(within(section).getByRole('table', { name }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('th,td')].map((cell) => cell.textContent));
    expect(rowsOf('Conversations answered per operator')).toEqual([
      ['Anna', '6'],
      ['Bert', '1'],
    ]);
    expect(rowsOf('Conversations answered per operator and day')).toEqual([
      ['2026-03-09', 'Anna', '2'],
      ['2026-03-08', 'Anna', '4'],
      ['2026-03-08', 'Bert', '1'],
    ]);
    expect(rowsOf('Conversations waiting now, per site')).toEqual([
      ['Cupido', '5', '11 Mar 2026, 09:18 UTC (12 min)'],
      ['Amora', '0', '–'],
    ]);
  });

  it('sorts the table by a column heading, with aria-sort', async () => {
    render();
    const table = await screen.findByRole('table', { name: /Figures per day/ });
    const likes = within(table).getByRole('button', { name: 'Likes' });
    await userEvent.click(likes);
    expect(likes.closest('th')!.getAttribute('aria-sort')).toBe('descending');
    expect(dayColumn(table).slice(0, 3)).toEqual(['2026-03-09', '2026-03-07', '2026-03-08']);
    await userEvent.click(likes);
    expect(likes.closest('th')!.getAttribute('aria-sort')).toBe('ascending');
    expect(dayColumn(table).slice(0, 3)).toEqual(['2026-03-08', '2026-03-07', '2026-03-09']);
    // Back to the days: newest first was the default; a click sorts them oldest first, another newest first again.
    const day = within(table).getByRole('button', { name: 'Day' });
    await userEvent.click(day);
    expect(day.closest('th')!.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(day);
    expect(day.closest('th')!.getAttribute('aria-sort')).toBe('descending');
    expect(dayColumn(table).slice(0, 3)).toEqual(['2026-03-09', '2026-03-08', '2026-03-07']);
  });

  it('mounts each chart as a labelled image described by the table', async () => {
    const { container } = render();
    await screen.findByRole('table', { name: /Figures per day/ });
    const canvases = container.querySelectorAll('canvas');
    expect(canvases).toHaveLength(3);
    const members = screen.getByRole('img', {
      name: /^Members per day from 2026-03-07 to 2026-03-09: Signups 9 in total, Activations 6 in total, Active members 31 in total/,
    });
    expect(members.getAttribute('aria-describedby')).toBe('dashboard-figures');
    expect(screen.getByRole('img', { name: /^Credits spent per day .*Credits spent 350 in total/ })).toBeTruthy();
  });

  it('asks for the chosen site and period', async () => {
    const { sent } = render();
    await screen.findByRole('table', { name: /Figures per day/ });
    expect(sent[0]!.url.search).toBe('');
    await userEvent.selectOptions(screen.getByLabelText('Site'), 'Amora (amora.example)');
    const from = screen.getByLabelText<HTMLInputElement>('From');
    expect(from.value).toBe('2026-03-07');
    fireEvent.change(from, { target: { value: '2026-02-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(sent.length).toBe(2));
    expect(Object.fromEntries(sent[1]!.url.searchParams)).toEqual({ site_id: '2', from: '2026-02-01', to: '2026-03-09' });
  });

  it("shows the server's refusal of a period", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubAdmin({
      'GET /admin/api/dashboard': () => ({
        status: 400,
        body: { error: { code: 'period_reversed', message: 'The period ends before it starts.' } },
      }),
    });
    renderScreen('/admin?from=2026-03-09&to=2026-03-01', [{ path: '/admin', element: <DashboardScreen /> }]);
    expect((await screen.findByRole('alert')).textContent).toContain('The period ends before it starts.');
  });
});
