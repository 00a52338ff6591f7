/**
 * The open complaints (issue 31) on the reports queue screen: what staff see of each, marking one
 * answered with a note, a colleague's answer first (409), the empty queue and the site filter.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZComplaintAnsweredRequest, ZComplaintQueue, type TComplaintQueueItem } from '@cupido/shared/contracts/complaints';
import { renderScreen, stubAdmin, type Handler } from '../ui/test/screen-test-kit';
import { Component as ReportQueueScreen } from './report-queue-screen';

const SITES = [
  { id: 1, name: 'Cupido' },
  { id: 2, name: 'Amora' },
];

function complaint(id: number, overrides: Partial<TComplaintQueueItem> = {}): TComplaintQueueItem {
  return {
    id,
    reference: `C-${String(id).padStart(6, '0')}`,
    site_id: 1,
    topic: 'billing',
    name: 'Rita',
    email: 'rita@example.com',
    text: 'I was charged twice.\nPlease refund one.',
    locale: 'nl',
    user_id: 9,
    status: 'open',
    created_at: '2026-11-20T10:00:00.000Z',
    answered_at: null,
    note: '',
    ...overrides,
  };
}

const queueOf = (complaints: TComplaintQueueItem[]) => ZComplaintQueue.parse({ complaints, sites: SITES });

/** The reports half of the screen is empty here (reports-screens.test.tsx covers it). */
const NO_REPORTS: Record<string, Handler> = { 'GET /admin/api/reports': () => ({ body: { reports: [], sites: SITES } }) };

const renderQueue = (path = '/admin/reports') => renderScreen(path, [{ path: '/admin/reports', element: <ReportQueueScreen /> }]);

const complaintsSection = () => screen.getByRole('region', { name: 'Complaints' });

afterEach(() => vi.restoreAllMocks());

describe('complaints on the report queue screen', () => {
  it('shows each open complaint: reference, topic, complainant, member, language, when and text', async () => {
    stubAdmin({
      ...NO_REPORTS,
      'GET /admin/api/complaints': () => ({
        body: queueOf([
          complaint(123),
          complaint(124, { topic: 'privacy', name: '', email: 'anon@example.org', user_id: null, locale: 'de', text: 'Delete my data.' }),
        ]),
      }),
    });
    renderQueue();
    const first = await screen.findByRole('article', { name: 'C-000123: Billing' });
    expect(within(complaintsSection()).getAllByRole('article')).toHaveLength(2);
    expect(within(first).getByText('Rita')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'rita@example.com' }).getAttribute('href')).toBe('mailto:rita@example.com');
    expect(within(first).getByRole('link', { name: 'Member #9' }).getAttribute('href')).toBe('/admin/members/9');
    expect(within(first).getByText('Dutch (nl)')).toBeTruthy();
    expect(within(first).getByText('Cupido')).toBeTruthy();
    // The text keeps its line breaks.
    const text = within(first).getByText(/I was charged twice/);
    expect(text.textContent).toBe('I was charged twice.\nPlease refund one.');
    expect(text.style.whiteSpace).toBe('pre-wrap');
    expect(
      within(first)
        .getByText(/20 Nov 2026/)
        .getAttribute('datetime'),
    ).toBe('2026-11-20T10:00:00.000Z');

    const visitor = screen.getByRole('article', { name: 'C-000124: Privacy' });
    expect(within(visitor).getByText('(no name given)')).toBeTruthy();
    expect(within(visitor).getByText('Visitor (not logged in)')).toBeTruthy();
    expect(within(visitor).queryByRole('link', { name: /Member/ })).toBeNull();
    expect(within(visitor).getByText('Delete my data.')).toBeTruthy();
  });

  it('marks a complaint answered with the note, then reloads the queue', async () => {
    let answered = false;
    const calls = stubAdmin({
      ...NO_REPORTS,
      'GET /admin/api/complaints': () => ({ body: queueOf(answered ? [complaint(2)] : [complaint(1), complaint(2)]) }),
      'POST /admin/api/complaints/1/answered': ({ body }) => {
        expect(ZComplaintAnsweredRequest.safeParse(body).success).toBe(true);
        answered = true;
        return { body: { id: 1, status: 'answered' } };
      },
    });
    const user = userEvent.setup();
    renderQueue();
    const card = await screen.findByRole('article', { name: 'C-000001: Billing' });

    // An empty (or blank) note is not sent.
    await user.type(within(card).getByLabelText('How it was answered'), '   ');
    await user.click(within(card).getByRole('button', { name: 'Mark answered' }));
    expect(within(card).getByText('Write down how the complaint was answered.')).toBeTruthy();
    expect(within(card).getByLabelText('How it was answered').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    await user.type(within(card).getByLabelText('How it was answered'), 'Refunded the second charge; mailed her on 21 Nov.');
    await user.click(within(card).getByRole('button', { name: 'Mark answered' }));
    await vi.waitFor(() => expect(screen.queryByRole('article', { name: 'C-000001: Billing' })).toBeNull());
    expect(calls.find((c) => c.key === 'POST /admin/api/complaints/1/answered')!.body).toEqual({
      note: 'Refunded the second charge; mailed her on 21 Nov.',
    });
    expect(calls.filter((c) => c.key === 'GET /admin/api/complaints')).toHaveLength(2);
    expect(screen.getByRole('article', { name: 'C-000002: Billing' })).toBeTruthy();
    expect(within(complaintsSection()).getByRole('status').textContent).toBe('C-000001 marked answered.');
  });

  it("shows the server's message when a colleague answered it first (409)", async () => {
    stubAdmin({
      ...NO_REPORTS,
      'GET /admin/api/complaints': () => ({ body: queueOf([complaint(7)]) }),
      'POST /admin/api/complaints/7/answered': () => ({
        status: 409,
        body: {
          error: { code: 'complaint_already_answered', message: 'Another staff member has already marked this complaint answered.' },
        },
      }),
    });
    const user = userEvent.setup();
    renderQueue();
    const card = await screen.findByRole('article', { name: 'C-000007: Billing' });
    await user.type(within(card).getByLabelText('How it was answered'), 'Answered by phone.');
    await user.click(within(card).getByRole('button', { name: 'Mark answered' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Another staff member has already marked this complaint answered.');
  });

  it('says so when no complaint is open, and follows the site filter', async () => {
    const calls = stubAdmin({
      ...NO_REPORTS,
      'GET /admin/api/complaints': ({ url }) => ({
        body: queueOf(url.searchParams.get('site_id') === '2' ? [complaint(3, { site_id: 2 })] : []),
      }),
    });
    const user = userEvent.setup();
    renderQueue();
    expect(await within(complaintsSection()).findByText('No open complaints.')).toBeTruthy();
    expect(within(complaintsSection()).queryByRole('article')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Site'), 'Amora');
    expect(await screen.findByRole('article', { name: 'C-000003: Billing' })).toBeTruthy();
    expect(within(complaintsSection()).queryByText('No open complaints.')).toBeNull();
    expect(calls.some((c) => c.key === 'GET /admin/api/complaints' && c.url.searchParams.get('site_id') === '2')).toBe(true);
  });
});
