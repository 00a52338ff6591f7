import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ZPhotoQueue,
  ZPhotoReviewAnswer,
  ZPhotoReviewRequest,
  type TPhotoQueue,
  type TPhotoQueueItem,
  type TPhotoReviewAnswer,
} from '@cupido/shared/contracts/photo-moderation';
import { adminI18n } from '../i18n';
import { Component as PhotoQueueScreen } from './photo-queue-screen';

const NOW = Date.parse('2026-11-24T12:00:00Z');

function item(id: number, name: string, overrides: Partial<TPhotoQueueItem> = {}): TPhotoQueueItem {
  return {
    photo_id: id,
    thumb_url: `/photos/m/t${id}.jpg`,
    url: `/photos/m/d${id}.jpg`,
    status: 'pending',
    is_main: true,
    uploaded_at: new Date(NOW - id * 3_600_000).toISOString(),
    profile_id: 100 + id,
    name,
    age: 30 + id,
    is_fictional: false,
    site_id: 1,
    ...overrides,
  };
}

const SITES: TPhotoQueue['sites'] = [
  { id: 1, name: 'Cupido', photo_moderation: 'pre' },
  { id: 2, name: 'Amora', photo_moderation: 'post' },
];

function queueOf(photos: TPhotoQueueItem[], extra: Partial<TPhotoQueue> = {}): TPhotoQueue {
  return ZPhotoQueue.parse({
    photos,
    total: photos.length,
    total_capped: false,
    oldest_at: photos[0]?.uploaded_at ?? null,
    oldest_age_seconds: 3 * 86_400,
    next_after: null,
    sites: SITES,
    ...extra,
  });
}

/**
 * The back office's fetch, answering the two queue calls: GET answers `pages` in turn (the last
 * one again after), POST checks the request against the contract and answers `reviewed`.
 */
function stubQueue(pages: TPhotoQueue[], reviewed: (body: unknown) => TPhotoReviewAnswer | { status: number; body: unknown } = okReview) {
  const gets: URL[] = [];
  const posts: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/admin/api/photos/queue' && (init?.method ?? 'GET') === 'GET') {
      gets.push(url);
      return json(200, pages[Math.min(gets.length - 1, pages.length - 1)]);
    }
    if (url.pathname === '/admin/api/photos/review' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      expect(ZPhotoReviewRequest.safeParse(body).success, JSON.stringify(body)).toBe(true);
      posts.push(body);
      const answer = reviewed(body);
      return 'status' in answer ? json(answer.status, answer.body) : json(200, ZPhotoReviewAnswer.parse(answer));
    }
    throw new Error(`unexpected call ${init?.method ?? 'GET'} ${url.pathname}`);
  });
  return { gets, posts };
}

function okReview(body: unknown): TPhotoReviewAnswer {
  const { decisions } = body as { decisions: { photo_id: number; verdict: 'approve' | 'reject' }[] };
  return {
    reviewed: decisions.map((d, i) => ({
      photo_id: d.photo_id,
      verdict: d.verdict,
      status: d.verdict === 'approve' ? 'approved' : 'rejected',
      decision_id: d.verdict === 'reject' ? 500 + i : null,
    })),
    skipped: [],
  };
}

function renderQueue(path = '/admin/photos') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/photos', element: <PhotoQueueScreen /> }], { initialEntries: [path] });
  return render(
    <I18nextProvider i18n={adminI18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const card = (name: string) => screen.getByRole('article', { name: new RegExp(`^Photo of ${name},`) });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('photo queue screen', () => {
  it('shows the waiting photos oldest first with the queue size and age, and filters by site', async () => {
    const anna = item(3, 'Anna');
    const bert = item(2, 'Bert', { status: 'approved', is_main: false, site_id: 2 });
    const { gets } = stubQueue([queueOf([anna, bert], { total: 12 }), queueOf([bert], { total: 1000, total_capped: true })]);
    renderQueue();

    expect(await screen.findByText('12 photos waiting, the oldest for 3 days')).toBeTruthy();
    const grid = screen.getByRole('list', { name: 'Photos waiting for review, oldest first' });
    expect(
      within(grid)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Photo of Anna, 33, Cupido', 'Photo of Bert, 32, Amora']);
    expect(within(card('Anna')).getByRole('img', { name: 'Photo of Anna' }).getAttribute('src')).toBe('/photos/m/t3.jpg');
    expect(within(card('Anna')).getByText('Main photo')).toBeTruthy();
    expect(within(card('Anna')).getByText('Hidden until approved')).toBeTruthy();
    expect(within(card('Bert')).getByText('Shown already')).toBeTruthy();
    expect(within(card('Bert')).getByRole('link', { name: 'Full size' }).getAttribute('href')).toBe('/photos/m/d2.jpg');
    expect(screen.getByText(/A: approve · R: reject · Space: select/)).toBeTruthy();

    const site = screen.getByLabelText('Site');
    expect(
      within(site)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All sites', 'Cupido', 'Amora (photos shown before review)']);
    await userEvent.selectOptions(site, '2');
    await waitFor(() => expect(gets.at(-1)!.searchParams.get('site_id')).toBe('2'));
    await waitFor(() => expect(screen.queryByRole('article', { name: /^Photo of Anna/ })).toBeNull());
    expect(screen.getByText('More than 1000 photos waiting, the oldest for 3 days')).toBeTruthy();
  });

  it('approves a photo with its button and reloads the queue', async () => {
    const { posts, gets } = stubQueue([queueOf([item(1, 'Anna'), item(2, 'Bert')]), queueOf([item(2, 'Bert')])]);
    renderQueue();
    await userEvent.click(within(await screen.findByRole('article', { name: /^Photo of Anna/ })).getByRole('button', { name: 'Approve' }));
    expect(posts).toEqual([{ decisions: [{ photo_id: 1, verdict: 'approve' }] }]);
    expect(await screen.findByText('1 photo approved.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: /^Photo of Anna/ })).toBeNull());
    expect(gets.length).toBe(2);
  });

  it('rejects with a reason from the list and a note, and asks for the reason first', async () => {
    const { posts } = stubQueue([queueOf([item(1, 'Anna')]), queueOf([])]);
    renderQueue();
    await userEvent.click(within(await screen.findByRole('article', { name: /^Photo of Anna/ })).getByRole('button', { name: 'Reject' }));
    const form = screen.getByRole('group', { name: 'Reject the photo of Anna' });
    const reason = within(form).getByLabelText('Reason');
    expect(document.activeElement).toBe(reason);
    await userEvent.click(within(form).getByRole('button', { name: 'Reject' }));
    expect(within(form).getByRole('alert').textContent).toContain('Choose a reason.');
    await userEvent.selectOptions(reason, 'other');
    await userEvent.click(within(form).getByRole('button', { name: 'Reject' }));
    expect(within(form).getByRole('alert').textContent).toContain('Say what is wrong with the photo.');
    expect(posts).toEqual([]);

    await userEvent.selectOptions(reason, 'Contact details in the photo');
    await userEvent.type(within(form).getByLabelText('Note for the member'), 'Phone number on the sign.');
    await userEvent.click(within(form).getByRole('button', { name: 'Reject' }));
    expect(posts).toEqual([
      { decisions: [{ photo_id: 1, verdict: 'reject', reason: 'contact_details', note: 'Phone number on the sign.' }] },
    ]);
    expect(await screen.findByText('1 photo rejected; the member gets the statement of reasons.')).toBeTruthy();
    expect(await screen.findByText('No photos are waiting for review.')).toBeTruthy();
  });

  it('works from the keyboard: move with J/K and arrows, A approves, Space selects, Shift+A approves the selection, R opens the reject form', async () => {
    const photos = [item(4, 'Anna'), item(3, 'Bert'), item(2, 'Cleo'), item(1, 'Dirk')];
    const { posts } = stubQueue([queueOf(photos), queueOf(photos.filter((p) => p.name !== 'Bert'))]);
    renderQueue();
    const anna = await screen.findByRole('article', { name: /^Photo of Anna/ });
    act(() => anna.focus());
    await userEvent.keyboard('j');
    expect(document.activeElement).toBe(card('Bert'));
    await userEvent.keyboard('{ArrowRight}{ArrowLeft}');
    expect(document.activeElement).toBe(card('Bert'));
    await userEvent.keyboard('a');
    expect(posts).toEqual([{ decisions: [{ photo_id: 3, verdict: 'approve' }] }]);
    // Bert is gone: focus moves to the photo that took his place.
    await waitFor(() => expect(document.activeElement).toBe(card('Cleo')));

    await userEvent.keyboard(' ');
    await userEvent.keyboard('k');
    expect(document.activeElement).toBe(card('Anna'));
    await userEvent.keyboard(' ');
    expect(screen.getByText('2 photos selected')).toBeTruthy();
    expect((within(card('Cleo')).getByRole('checkbox', { name: /Select the photo of Cleo/ }) as HTMLInputElement).checked).toBe(true);
    await userEvent.keyboard('{Shift>}A{/Shift}');
    expect(posts.at(-1)).toEqual({
      decisions: [
        { photo_id: 2, verdict: 'approve' },
        { photo_id: 4, verdict: 'approve' },
      ],
    });

    await waitFor(() => expect(screen.getByText('0 photos selected')).toBeTruthy());
    act(() => card('Dirk').focus());
    await userEvent.keyboard('r');
    const form = screen.getByRole('group', { name: 'Reject the photo of Dirk' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Reason'));
    // Letters typed in the form are not shortcuts; Escape closes it.
    await userEvent.keyboard('a{Escape}');
    expect(screen.queryByRole('group', { name: 'Reject the photo of Dirk' })).toBeNull();
    expect(posts).toHaveLength(2);
  });

  it('rejects the selected photos at once and reports those someone else reviewed first', async () => {
    const { posts } = stubQueue([queueOf([item(2, 'Anna'), item(1, 'Bert')])], (body) => {
      const [first, second] = (body as { decisions: { photo_id: number }[] }).decisions;
      return {
        reviewed: [{ photo_id: first!.photo_id, verdict: 'reject', status: 'rejected', decision_id: 9 }],
        skipped: [{ photo_id: second!.photo_id, reason: 'already_reviewed' }],
      };
    });
    renderQueue();
    await userEvent.click(await screen.findByLabelText('Select all photos on this page'));
    expect(screen.getByText('2 photos selected')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reject selected' }));
    const form = screen.getByRole('group', { name: 'Reject 2 photos' });
    await userEvent.selectOptions(within(form).getByLabelText('Reason'), 'nudity');
    await userEvent.click(within(form).getByRole('button', { name: 'Reject' }));
    expect(posts).toEqual([
      {
        decisions: [
          { photo_id: 2, verdict: 'reject', reason: 'nudity' },
          { photo_id: 1, verdict: 'reject', reason: 'nudity' },
        ],
      },
    ]);
    expect(
      await screen.findByText('1 photo rejected; the member gets the statement of reasons. 1 photo was already reviewed by someone else.'),
    ).toBeTruthy();
  });

  it("shows the server's message when a single photo was reviewed by someone else", async () => {
    stubQueue([queueOf([item(1, 'Anna')])], () => ({
      status: 409,
      body: { error: { code: 'photo_already_reviewed', message: 'Another moderator has already reviewed this photo.' } },
    }));
    renderQueue();
    await userEvent.click(within(await screen.findByRole('article', { name: /^Photo of Anna/ })).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Another moderator has already reviewed this photo.');
  });
});
