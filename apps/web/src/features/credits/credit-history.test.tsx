import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCreditEntry, TCreditHistoryAnswer } from '@cupido/shared/contracts/credits';
import { stubApi } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { CreditHistory } from './credit-history';

const entry = (id: number, kind: TCreditEntry['kind'], amount: number, balanceAfter: number): TCreditEntry => ({
  id,
  created_at: `2026-03-${String(id).padStart(2, '0')}T09:30:00.000Z`,
  kind,
  amount,
  balance_after: balanceAfter,
});

function renderHistory(pages: Record<string, TCreditHistoryAnswer>) {
  const asked: (string | null)[] = [];
  stubApi({
    'GET /api/credits-history.php': (_body, url) => {
      const before = url.searchParams.get('before');
      asked.push(before);
      return { body: pages[before ?? 'first'] };
    },
  });
  renderWithProviders(<CreditHistory />, { user: makeUser(), route: '/notifications' });
  return asked;
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

afterEach(() => vi.restoreAllMocks());

describe('credit history in the settings', () => {
  it('shows the balance and a table of date, kind in words, signed amount and balance after, newest first; older pages on request', async () => {
    const asked = renderHistory({
      first: { balance: 17, entries: [entry(5, 'message', -1, 17), entry(4, 'message', -2, 18)], next_before: 4 },
      '4': {
        balance: 17,
        entries: [entry(3, 'purchase', 100, 120), entry(2, 'manual_correction', -100, 20), entry(1, 'signup_credits', 20, 20)],
        next_before: null,
      },
    });
    // The section is a lazy chunk with its own texts: the first render may take a moment on a busy machine.
    const table = await screen.findByRole('table', { name: 'Every change of your credits, newest first' }, { timeout: 5_000 });
    expect(screen.getByRole('heading', { name: 'Credit history' })).toBeTruthy();
    expect(screen.getByText('Your credits: 17')).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date', 'What', 'Amount', 'Balance after']);
    // Dates in the locale's format, in the browser's time zone.
    const date = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    expect(rowsOf(table)).toEqual([
      [date('2026-03-05T09:30:00.000Z'), 'Message', '-1', '17'],
      [date('2026-03-04T09:30:00.000Z'), 'Message', '-2', '18'],
    ]);
    expect(rowsOf(table)[0]![0]).toMatch(/^Mar \d, 2026/);
    expect(within(table).getAllByRole('row')[1]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-05T09:30:00.000Z');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Show older entries' }));
    expect(await within(table).findByText('Credits bought')).toBeTruthy();
    expect(rowsOf(table).map((row) => row.slice(1))).toEqual([
      ['Message', '-1', '17'],
      ['Message', '-2', '18'],
      ['Credits bought', '+100', '120'],
      ['Correction by customer service', '-100', '20'],
      ['Signup credits', '+20', '20'],
    ]);
    expect(asked).toEqual([null, '4']);
    // The last page says there is nothing older.
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
  });

  it('says so when the credits never changed', async () => {
    renderHistory({ first: { balance: 0, entries: [], next_before: null } });
    expect(await screen.findByText('There are no changes to your credits yet.', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('Your credits: 0')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
  });
});
