/**
 * The audit log screen: entries with their before and after, filters sent to GET
 * /admin/api/audit and mirrored in the CSV link, and paging older and back by the server's cursor.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZAuditPage, type TAuditPage } from '@cupido/shared/contracts/audit';
import { renderScreen, stubAdmin } from '../ui/test/screen-test-kit';
import { Component as AuditLogScreen } from './audit-log-screen';

afterEach(() => vi.restoreAllMocks());

const entry = (id: number, extra: Partial<TAuditPage['entries'][number]> = {}) => ({
  id,
  staff_id: 3,
  action: 'photo.approve',
  item_type: 'photo',
  item_id: String(id),
  site_id: 1,
  before: { status: 'pending' },
  after: { status: 'approved' },
  created_at: `2026-03-0${id}T10:00:00.000Z`,
  ...extra,
});

const FIRST = ZAuditPage.parse({
  entries: [entry(9), entry(8, { staff_id: null, action: 'staff.create', before: null, after: null })],
  next_before: '2026-03-08T10:00:00.000Z_8',
});
const SECOND = ZAuditPage.parse({ entries: [entry(7)], next_before: null });

function render(path = '/admin/audit') {
  const sent = stubAdmin({ 'GET /admin/api/audit': ({ url }) => ({ body: url.searchParams.get('before') ? SECOND : FIRST }) });
  return { sent, ...renderScreen(path, [{ path: '/admin/audit', element: <AuditLogScreen /> }]) };
}

describe('audit log screen', () => {
  it('lists the entries with who, what, which item and the changes', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Staff actions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 5)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2026-03-09 10:00:00', '3', 'photo.approve', 'photo 9', '1'],
      ['2026-03-08 10:00:00', 'command line', 'staff.create', 'photo 8', '1'],
    ]);
    await userEvent.click(within(rows[0]!).getByText('Show'));
    expect(rows[0]!.textContent).toContain('"status": "approved"');
  });

  it('sends the filters, and the CSV link carries the same ones', async () => {
    const { sent } = render();
    await screen.findByRole('table', { name: 'Staff actions' });
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/admin/api/audit.csv');
    await userEvent.type(screen.getByLabelText('Item type'), 'photo');
    await userEvent.type(screen.getByLabelText('Staff member id'), '3');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(Object.fromEntries(sent[1]!.url.searchParams)).toEqual({ staff_id: '3', item_type: 'photo', from: '2026-03-01' });
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toBe('/admin/api/audit.csv?staff_id=3&item_type=photo&from=2026-03-01');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('pages to older entries by the cursor and back to newer ones', async () => {
    const { sent } = render('/admin/audit?item_type=photo');
    await screen.findByRole('table', { name: 'Staff actions' });
    expect((screen.getByRole('button', { name: 'Newer entries' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Older entries' }));
    await screen.findByText('photo 7');
    expect(Object.fromEntries(sent.at(-1)!.url.searchParams)).toEqual({ item_type: 'photo', before: '2026-03-08T10:00:00.000Z_8' });
    expect((screen.getByRole('button', { name: 'Older entries' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Newer entries' }));
    await screen.findByText('photo 9');
  });

  it('says when nothing matches', async () => {
    stubAdmin({ 'GET /admin/api/audit': () => ({ body: { entries: [], next_before: null } }) });
    renderScreen('/admin/audit?item_id=nothing', [{ path: '/admin/audit', element: <AuditLogScreen /> }]);
    expect((await screen.findByText('No entries match these filters.')).getAttribute('role')).toBe('status');
  });
});
