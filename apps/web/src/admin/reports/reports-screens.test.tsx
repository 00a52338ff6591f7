import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZAppealQueue, ZReportDecisionRequest, ZReportQueue, type TReportQueueItem } from '@cupido/shared/contracts/moderation';
import { renderScreen, stubAdmin, type Handler } from '../ui/test/screen-test-kit';
import { Component as ReportQueueScreen } from './report-queue-screen';
import { Component as AppealsScreen } from './appeals-screen';

function report(id: number, overrides: Partial<TReportQueueItem['item']> = {}): TReportQueueItem {
  return {
    id,
    site_id: 1,
    created_at: '2026-11-20T10:00:00.000Z',
    reason: 'harassment',
    text: 'He insulted me',
    reporter: { user_id: 9, name: 'Rita', email: 'rita@example.com' },
    item: {
      kind: 'profile',
      profile: {
        id: 50,
        name: 'Bram',
        about: 'Hello there',
        is_fictional: false,
        account: { user_id: 5, status: 'active', suspended_until: null },
      },
      photo: null,
      message: null,
      ...overrides,
    },
    open_reports_on_item: 2,
    status: 'open',
    decision_id: null,
  };
}

const SITES = [
  { id: 1, name: 'Cupido' },
  { id: 2, name: 'Amora' },
];

/** The report queue screen also shows the open complaints (issue 31; complaints-section.test.tsx): none here. */
const NO_COMPLAINTS: Record<string, Handler> = { 'GET /admin/api/complaints': () => ({ body: { complaints: [], sites: SITES } }) };

const renderQueue = (path: string, element: React.ReactElement) => renderScreen(path, [{ path, element }]);

afterEach(() => vi.restoreAllMocks());

describe('report queue screen', () => {
  it('shows the exact item (profile, photo, message), reporter and reason, and decides a suspension', async () => {
    let decided = false;
    const queue = ZReportQueue.parse({
      reports: [
        report(1),
        report(2, { kind: 'photo', photo: { id: 7, url: '/photos/p/7.jpg', thumb_url: '/photos/p/7-t.jpg', status: 'approved' } }),
        report(3, { kind: 'message', message: { id: 11, text: 'You are ugly' } }),
        report(4, {
          kind: 'message',
          message: {
            id: 12,
            text: '',
            image: { thumb_url: '/admin/api/reports/4/image?size=thumb', url: '/admin/api/reports/4/image?size=full' },
          },
        }),
      ],
      sites: SITES,
    });
    const calls = stubAdmin({
      ...NO_COMPLAINTS,
      'GET /admin/api/reports': ({ url }) => ({
        body:
          url.searchParams.get('site_id') === '2'
            ? { reports: [], sites: SITES }
            : decided
              ? { ...queue, reports: queue.reports.slice(1) }
              : queue,
      }),
      'POST /admin/api/reports/1/decision': ({ body }) => {
        expect(ZReportDecisionRequest.safeParse(body).success).toBe(true);
        decided = true;
        return { body: { decision_id: 4, closed_report_ids: [1] } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderQueue('/admin/reports', <ReportQueueScreen />);
    const first = await screen.findByRole('article', { name: /Profile: Bram #1/ });
    expect(within(first).getByText('Hello there')).toBeTruthy();
    expect(within(first).getByText('Rita <rita@example.com>')).toBeTruthy();
    expect(within(first).getByText('Harassment')).toBeTruthy();
    expect(within(first).getByText('He insulted me')).toBeTruthy();
    expect(within(first).getByText(/Open reports on this item: 2/)).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Open member' }).getAttribute('href')).toBe('/admin/members/5');
    expect(screen.getByRole('img', { name: 'Reported photo of Bram' }).getAttribute('src')).toBe('/photos/p/7-t.jpg');
    expect(screen.getByText('You are ugly')).toBeTruthy();
    // A reported image message shows its picture (issue 29), linking to full size.
    const image = screen.getByRole('img', { name: 'Image sent by Bram (opens full size)' });
    expect(image.getAttribute('src')).toBe('/admin/api/reports/4/image?size=thumb');
    expect(image.closest('a')?.getAttribute('href')).toBe('/admin/api/reports/4/image?size=full');

    await user.selectOptions(within(first).getByLabelText('Action'), 'suspend');
    await user.selectOptions(within(first).getByLabelText('Ground'), 'harassment');
    await user.clear(within(first).getByLabelText('Days of suspension'));
    await user.type(within(first).getByLabelText('Days of suspension'), '14');
    await user.type(within(first).getByLabelText(/Facts/), 'Insults in three messages.');
    await user.click(within(first).getByRole('button', { name: 'Decide' }));
    expect(calls.find((c) => c.key === 'POST /admin/api/reports/1/decision')?.body).toEqual({
      action: 'suspend',
      ground: 'harassment',
      facts: 'Insults in three messages.',
      suspend_days: 14,
    });
    await vi.waitFor(() => expect(screen.queryByRole('article', { name: /Profile: Bram #1/ })).toBeNull());

    // The site filter asks the server for that site's queue.
    await user.selectOptions(screen.getByLabelText('Site'), 'Amora');
    expect(await screen.findByText('No open reports.')).toBeTruthy();
    expect(calls.some((c) => c.key === 'GET /admin/api/reports' && c.url.searchParams.get('site_id') === '2')).toBe(true);
    // The address keeps the site, so a reload or a shared link shows the same queue.
    expect(router.state.location.search).toBe('?site=2');
  });

  it('does not offer account actions for a fictional profile, and shows the server refusal', async () => {
    stubAdmin({
      ...NO_COMPLAINTS,
      'GET /admin/api/reports': () => ({
        body: { reports: [report(5, { profile: { id: 60, name: 'Lola', about: '', is_fictional: true, account: null } })], sites: SITES },
      }),
      'POST /admin/api/reports/5/decision': () => ({
        status: 400,
        body: { error: { code: 'facts_required', message: 'Write down the facts the decision rests on.' } },
      }),
    });
    const user = userEvent.setup();
    renderQueue('/admin/reports', <ReportQueueScreen />);
    const card = await screen.findByRole('article');
    expect(within(card).getByText(/Fictional profile/)).toBeTruthy();
    expect((within(card).getByRole('option', { name: 'Suspend for a time' }) as HTMLOptionElement).disabled).toBe(true);
    await user.click(within(card).getByRole('button', { name: 'Decide' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Write down the facts the decision rests on.');
  });
});

describe('appeals screen', () => {
  const decision = {
    id: 4,
    site_id: 1,
    source: 'report',
    action: 'suspend',
    ground: 'harassment',
    facts: 'Threats.',
    user_id: 5,
    profile_id: 50,
    suspended_until: '2026-12-01T10:00:00.000Z',
    decided_by_staff_id: 2,
    created_at: '2026-11-20T10:00:00.000Z',
  };
  it('lets another staff member reverse; the first decider sees why they cannot', async () => {
    const calls = stubAdmin({
      'GET /admin/api/appeals': () => ({
        body: ZAppealQueue.parse({
          appeals: [
            {
              id: 1,
              created_at: '2026-11-21T10:00:00.000Z',
              text: 'I never threatened anyone.',
              decision: { ...decision, decided_by_me: false },
            },
            { id: 2, created_at: '2026-11-22T10:00:00.000Z', text: 'Please', decision: { ...decision, id: 6, decided_by_me: true } },
          ],
          sites: SITES,
        }),
      }),
      'POST /admin/api/appeals/1/decision': () => ({ body: { appeal_id: 1, status: 'reversed' } }),
    });
    const user = userEvent.setup();
    renderQueue('/admin/appeals', <AppealsScreen />);
    const [first, second] = await screen.findAllByRole('article');
    expect(within(first!).getByText('I never threatened anyone.')).toBeTruthy();
    expect(within(second!).getByText('You took this decision: a colleague must decide the appeal.')).toBeTruthy();
    expect(within(second!).queryByRole('button')).toBeNull();
    await user.click(within(first!).getByLabelText('Reverse the decision'));
    await user.type(within(first!).getByLabelText('Note to the member'), 'Quoted out of context.');
    await user.click(within(first!).getByRole('button', { name: 'Decide the appeal' }));
    await vi.waitFor(() => expect(calls.some((c) => c.key === 'POST /admin/api/appeals/1/decision')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /admin/api/appeals/1/decision')!.body).toEqual({
      outcome: 'reversed',
      note: 'Quoted out of context.',
    });
  });
});
