/** The operator queue: rows oldest first with wait, people, preview, flags and claims; the filters in the request and the address; Load more follows `next`. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubAdmin } from '../ui/test/screen-test-kit';
import { Component as QueueScreen } from './operator-queue-screen';
import { NOW, mine, others, queueItem, queuePage } from './operator-test-data';

afterEach(() => vi.restoreAllMocks());

const SITES = {
  sites: [
    { id: 1, name: 'Cupido', domain: 'localhost', countries: ['NL'] },
    { id: 2, name: 'Amora', domain: 'amora.example', countries: ['DE'] },
  ],
};

function render(path = '/admin/operator', pages = [queuePage([])]) {
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  let call = 0;
  const sent = stubAdmin({
    'GET /admin/api/fictional-profiles/sites': () => ({ body: SITES }),
    'GET /admin/api/operator/queue': ({ url }) => ({ body: url.searchParams.get('after') ? pages[1] : pages[Math.min(call++, 0)] }),
  });
  const view = renderScreen(path, [
    { path: '/admin/operator', element: <QueueScreen /> },
    { path: '/admin/operator/:id', element: <p>answer screen</p> },
  ]);
  return {
    sent,
    ...view,
    queueCalls: () => sent.filter((s) => s.key === 'GET /admin/api/operator/queue').map((s) => Object.fromEntries(s.url.searchParams)),
  };
}

describe('operator queue', () => {
  it('lists the waiting conversations oldest first with their wait, people, preview, flag and claim', async () => {
    const page = queuePage(
      [
        queueItem(7, 'Rosa', 'Lena', 2 * 3600 + 5, { vulnerable: true, claim: others('Anna') }),
        queueItem(8, 'Bram', 'Mia', 12 * 60 + 30, { claim: { ...mine(), conversation_id: 8 } }),
        queueItem(9, 'Ute', 'Eva', 40, { preview: null, language: 'de' }),
      ],
      { waiting: 3 },
    );
    render('/admin/operator', [page]);
    const list = await screen.findByRole('list', { name: 'Conversations waiting, oldest first' });
    expect(screen.getByText('3 conversations waiting, the oldest for 2 h')).toBeTruthy();
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('waiting 2 h');
    expect(rows[0]!.textContent).toContain('Vulnerable');
    expect(rows[0]!.textContent).toContain('Taken by Anna');
    expect(rows[0]!.textContent).toContain('Hello from Rosa');
    expect(rows[1]!.textContent).toContain('waiting 12 min');
    expect(rows[1]!.textContent).toContain('Yours');
    expect(rows[1]!.textContent).not.toContain('Vulnerable');
    expect(rows[2]!.textContent).toContain('waiting 40 s');
    expect(rows[2]!.textContent).toContain('A gift or an image');
    expect(rows[2]!.textContent).toContain('German');
    expect(within(rows[0]!).getByText('Fictional')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Answer Rosa as Lena' }));
    expect(await screen.findByText('answer screen')).toBeTruthy();
  });

  it('says when nothing waits', async () => {
    render();
    expect(await screen.findByText('No conversations are waiting for an answer.')).toBeTruthy();
  });

  it('asks for the site and language chosen, keeps them in the address, and loads more with `next`', async () => {
    const first = queuePage([queueItem(7, 'Rosa', 'Lena', 600)], { next: '2026-11-24T11:50:00.000Z_7', waiting: 2 });
    const second = queuePage([queueItem(8, 'Bram', 'Mia', 300)], { waiting: 2 });
    const { queueCalls, router } = render('/admin/operator?site=2&language=de', [first, second]);
    await screen.findByRole('list', { name: 'Conversations waiting, oldest first' });
    expect(queueCalls()[0]).toEqual({ site_id: '2', language: 'de' });
    expect((screen.getByLabelText('Site') as HTMLSelectElement).value).toBe('2');
    expect((screen.getByLabelText("Member's language") as HTMLSelectElement).value).toBe('de');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Answer / })).toHaveLength(2));
    expect(queueCalls().at(-1)).toEqual({ site_id: '2', language: 'de', after: '2026-11-24T11:50:00.000Z_7' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText("Member's language"), 'French');
    await waitFor(() => expect(queueCalls().at(-1)).toEqual({ site_id: '2', language: 'fr' }));
    expect(router.state.location.search).toBe('?site=2&language=fr');
    await userEvent.selectOptions(screen.getByLabelText('Site'), 'All sites');
    await waitFor(() => expect(queueCalls().at(-1)).toEqual({ language: 'fr' }));
  });

  it('refreshes every 15 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { queueCalls } = render('/admin/operator', [queuePage([queueItem(7, 'Rosa', 'Lena', 600)])]);
      await screen.findByRole('list', { name: 'Conversations waiting, oldest first' });
      const before = queueCalls().length;
      await vi.advanceTimersByTimeAsync(15_000);
      await waitFor(() => expect(queueCalls().length).toBe(before + 1));
    } finally {
      vi.useRealTimers();
    }
  });
});
