import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { TMemberAnswer } from '@cupido/shared/contracts/profiles';
import { apiError, sentBodies, sentQueries, stubApi, type StubAnswer } from '../../../test/api-stub';
import { makeMemberAnswer, referenceDataStubs } from '../../../test/profile-fixtures';
import { makeUser, renderWithProviders } from '../../../test/render-with-providers';
import { memberQueryKey } from '../profile-calls';
import MemberPage from './member-page';

function renderMember(
  member: StubAnswer,
  options: Parameters<typeof renderWithProviders>[1] = {},
  extra: Parameters<typeof stubApi>[0] = {},
) {
  const fetch = stubApi({ ...referenceDataStubs, 'GET /api/member.php': member, ...extra });
  renderWithProviders(
    <Routes>
      <Route path="/members/:id" element={<MemberPage />} />
      <Route path="/likes/m/:id" element={<MemberPage />} />
    </Routes>,
    { user: makeUser(), route: '/members/42', ...options },
  );
  return fetch;
}

const ok = (answer: TMemberAnswer = makeMemberAnswer()): StubAnswer => ({ body: answer });

/** As renderMember, handing back the query client (to start a reload as returning to the tab would). */
function renderMemberWithClient(member: Parameters<typeof stubApi>[0][string], extra: Parameters<typeof stubApi>[0] = {}) {
  stubApi({ ...referenceDataStubs, 'GET /api/member.php': member, ...extra });
  return renderWithProviders(
    <Routes>
      <Route path="/members/:id" element={<MemberPage />} />
    </Routes>,
    { user: makeUser(), route: '/members/42' },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('profile page (/members/{id})', () => {
  it('shows the header, the highlight items translated, about, notes, interests and related profiles', async () => {
    const fetch = renderMember(ok());
    expect(await screen.findByRole('heading', { level: 1, name: 'Bram, 41' })).toBeTruthy();
    expect(sentQueries(fetch, 'GET /api/member.php')).toEqual([{ id: '42' }]);
    expect(document.getElementById('member-place')!.textContent).toBe('Utrecht, Netherlands');
    const highlights = [...document.querySelectorAll('#member-highlights > div')].map((item) => item.textContent);
    expect(highlights).toEqual(['Age41', 'CityUtrecht', 'Relationship statusDivorced']);
    expect(document.getElementById('member-notes')!.textContent).toBe('I am here forA relationship');
    expect(screen.getByText('Cyclist and cook.')).toBeTruthy();
    await waitFor(() => expect(document.getElementById('member-interests')!.textContent).toBe('MusicCooking'));
    expect(
      within(document.getElementById('member-related')!)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/members/5', '/members/6']);
    expect(document.title).toBe('Bram | Cupido Test');
    expect(document.getElementById('member-fictional-warning')).toBeNull();
  });

  it('locks the photos a free member may not see, with the way to Premium', async () => {
    renderMember(ok());
    await screen.findByRole('heading', { level: 1, name: 'Bram, 41' });
    expect(screen.getAllByRole('img', { name: 'Locked photo' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Open photo/ })).toHaveLength(3);
    expect(document.getElementById('member-photo-count')!.textContent).toBe('5 in total');
    expect(document.getElementById('member-locked')!.textContent).toBe('Locked photos: 2. Get Premium to see all photos');
    expect(screen.getByRole('link', { name: 'Get Premium to see all photos' }).getAttribute('href')).toBe('/premium');
  });

  it('shows no lock and no offer when every photo is unlocked (premium viewer)', async () => {
    const answer = makeMemberAnswer({ photos: makeMemberAnswer().profile.photos.filter((p) => !p.locked), photo_count: 3 });
    renderMember(ok(answer), { user: makeUser({ paid_user: true }) });
    await screen.findByRole('heading', { level: 1, name: 'Bram, 41' });
    expect(screen.queryByRole('img', { name: 'Locked photo' })).toBeNull();
    expect(document.getElementById('member-locked')).toBeNull();
  });

  it('opens unlocked photos full size and moves through them with the arrow keys', async () => {
    renderMember(ok());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open photo 2 of 3' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('/photos/p2.jpg');
    expect(within(viewer).getByText('(2 of 3)')).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('/photos/p3.jpg');
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByRole('img').getAttribute('alt')).toBe('Photo 1 of 3 of Bram');
    await user.keyboard('{ArrowLeft}');
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('/photos/p3.jpg');
    await user.click(within(viewer).getByRole('button', { name: 'Previous' }));
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('/photos/p2.jpg');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('always shows the fictional warning and badge of a fictional profile', async () => {
    renderMember(
      ok(
        makeMemberAnswer({
          is_fictional: true,
          fictional: { icon: '🎭', singular: 'Fictional profile', warning: 'Some profiles are run by our staff.' },
        }),
      ),
    );
    await screen.findByRole('heading', { level: 1, name: 'Bram, 41' });
    // The app's SVG icon (hidden from screen readers) beside the text; the emoji would be an empty box without an emoji font.
    expect(document.getElementById('member-fictional-warning')!.textContent).toBe('Some profiles are run by our staff.');
    expect(document.getElementById('member-fictional-badge')!.textContent).toBe(' Fictional profile');
    expect(
      document.querySelectorAll('#member-fictional-warning svg.fictional-icon, #member-fictional-badge svg.fictional-icon'),
    ).toHaveLength(2);
  });

  it('blocks after confirmation and unblocks with one click', async () => {
    const fetch = renderMember(
      ok(),
      {},
      {
        'POST /api/block.php': { body: { profile_id: 42, is_blocked: true } },
        'DELETE /api/block.php': { body: { profile_id: 42, is_blocked: false } },
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Bram?' });
    expect(dialog.textContent).toContain('your chats and likes with each other will be deleted');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Confirmed once: the blocked notice says it, not a second message beside the button. The page renders
    // the answer deferred (decision 042), so the notice comes a moment after the dialog closes.
    await waitFor(() => expect(document.getElementById('member-blocked-notice')).not.toBeNull());
    expect(document.getElementById('member-blocked-notice')!.textContent).toBe(
      'You have blocked Bram. Bram cannot see your profile or contact you.',
    );
    expect(screen.getAllByText(/You have blocked Bram/)).toHaveLength(1);
    expect(sentBodies(fetch, 'POST /api/block.php')).toEqual([{ profile_id: 42 }]);

    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('You have unblocked Bram.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Block' })).toBeTruthy();
    expect(document.getElementById('member-blocked-notice')).toBeNull();
    expect(sentBodies(fetch, 'DELETE /api/block.php')).toEqual([{ profile_id: 42 }]);
  });

  it('reports the profile with a reason, a text and the good-faith statement, and shows the acknowledgement', async () => {
    const fetch = renderMember(
      ok(),
      {},
      {
        'POST /api/report.php': { body: { report_id: 7, status: 'open', message: 'Thanks, we received your report and will review it.' } },
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Bram' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Please choose a reason')).toBeTruthy();
    expect(within(dialog).getByText('Please confirm that your report is made in good faith')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Something else');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Please describe what is wrong')).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/report.php')).toEqual([]);

    const text = within(dialog).getByLabelText('Details (required)');
    expect(text.getAttribute('maxlength')).toBe('1000');
    await user.type(text, 'Asks for money');
    expect(within(dialog).getByText('986 characters left')).toBeTruthy();
    await user.click(within(dialog).getByLabelText(/made in good faith/));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Thanks, we received your report and will review it.');
    expect(sentBodies(fetch, 'POST /api/report.php')).toEqual([
      { profile_id: 42, reason: 'other', text: 'Asks for money', good_faith: true },
    ]);
  });

  it('reports a photo from the viewer: the viewer closes and the report names that photo', async () => {
    const fetch = renderMember(
      ok(),
      {},
      {
        'POST /api/report.php': { body: { report_id: 8, status: 'open', message: 'Thanks, we received your report and will review it.' } },
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open photo 2 of 3' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Report this photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a photo of Bram' });
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    expect((within(dialog).getByLabelText('Reason') as HTMLSelectElement).value).toBe('inappropriate_photos');
    await user.click(within(dialog).getByLabelText(/made in good faith/));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Thanks, we received your report and will review it.');
    expect(sentBodies(fetch, 'POST /api/report.php')).toEqual([
      { profile_id: 42, photo_id: 2, reason: 'inappropriate_photos', text: '', good_faith: true },
    ]);
  });

  it("shows the server's answer to a repeated report in the dialog", async () => {
    renderMember(
      ok(),
      {},
      {
        'POST /api/report.php': apiError(
          409,
          'report_already_open',
          'You have already reported this profile. We are reviewing your report.',
        ),
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Bram' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Fake profile');
    await user.click(within(dialog).getByLabelText(/made in good faith/));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You have already reported this profile. We are reviewing your report.',
    );
  });

  it('keeps a confirmed block when a reload of the profile, sent before it, answers after it', async () => {
    let reads = 0;
    let answerReload = (_answer: StubAnswer) => {};
    const { queryClient } = renderMemberWithClient(
      // The first read answers at once; the second (a reload, as on returning to the tab) is held.
      () => (reads++ === 0 ? ok() : new Promise<StubAnswer>((resolve) => (answerReload = resolve))),
      { 'POST /api/block.php': { body: { profile_id: 42, is_blocked: true } } },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    void queryClient.refetchQueries({ queryKey: memberQueryKey('42') });
    await waitFor(() => expect(reads).toBe(2));

    await user.click(within(await screen.findByRole('dialog', { name: 'Block Bram?' })).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(document.getElementById('member-blocked-notice')).not.toBeNull());
    // The reload read the profile before the block: it must not show Bram as unblocked again.
    await act(async () => answerReload(ok()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.getElementById('member-blocked-notice')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeTruthy();
  });

  it('cancelling the confirmation blocks nobody', async () => {
    const fetch = renderMember(ok(), {}, { 'POST /api/block.php': { body: { profile_id: 42, is_blocked: true } } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(fetch, 'POST /api/block.php')).toEqual([]);
  });

  it('shows the no-access text to a member the owner blocked', async () => {
    renderMember(apiError(403, 'no_access', 'You have no access to this profile.'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not available' })).toBeTruthy();
    expect(document.getElementById('no-access-text')!.textContent).toBe('You have no access to this profile.');
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('shows the 404 page for an unknown profile', async () => {
    renderMember(apiError(404, 'profile_not_found', 'This profile does not exist or is no longer available.'), { route: '/likes/m/999' });
    expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be found' })).toBeTruthy();
  });

  it('offers a visitor to sign up for the locked photos, and no block button', async () => {
    renderMember(ok(), { user: null, settings: { logged_out_search: 'all' } });
    await screen.findByRole('heading', { level: 1, name: 'Bram, 41' });
    expect(screen.getByRole('link', { name: 'Sign up to see all photos' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Like/ })).toBeNull();
  });

  it('shows a member their own profile with the way to edit it', async () => {
    renderMember(ok(makeMemberAnswer({ is_own: true })));
    expect(await screen.findByRole('link', { name: 'Edit my profile' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    expect(document.getElementById('member-like')).toBeNull();
  });

  it('likes the profile from its action buttons and the related profiles from their hearts, with their states', async () => {
    const liked = [{ id: 5, like_new: false }];
    const fetch = renderMember(
      ok(),
      {},
      {
        'GET /api/likes.php': () => ({ body: { profiles: liked, liked_by: [{ id: 42, like_new: false }] } }),
        'POST /api/like.php': () => {
          liked.push({ id: 42, like_new: true });
          return { body: { profile_id: 42, like_state: 'match', likes_left: 3, likes_reset_at: '2026-11-24T00:00:00.000Z', match: null } };
        },
      },
    );
    const like = await screen.findByRole('button', { name: 'Like' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByText('Likes you')).toBeTruthy();
    const related = document.getElementById('member-related')!;
    expect(within(related).getByRole('button', { name: 'Like Member 5' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(related).getByRole('button', { name: 'Like Member 6' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(related).getByText('You like them')).toBeTruthy();

    await userEvent.click(like);
    await waitFor(() => expect(document.getElementById('member-like')!.getAttribute('aria-pressed')).toBe('true'));
    expect(sentBodies(fetch, 'POST /api/like.php')).toEqual([{ profile_id: 42, source: 'profile' }]);
    expect(screen.getByText('Match')).toBeTruthy();
  });

  it('/likes/m/{id} is the same screen and clears the new-like flag of that profile', async () => {
    const fetch = renderMember(
      ok(),
      { route: '/likes/m/42' },
      {
        'GET /api/likes.php': { body: { profiles: [], liked_by: [{ id: 42, like_new: true }] } },
        'POST /api/likes-seen.php': { body: { ok: true } },
      },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Bram, 41' })).toBeTruthy();
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/likes-seen.php')).toEqual([{ profile_id: 42 }]));
  });

  it('/likes/m/{id} leads back to the likes page it was opened from, else to /likes', async () => {
    renderMember(
      ok(),
      { route: '/likes/m/42', routeState: { likesUrl: '/likes/matches?page=2' } },
      { 'POST /api/likes-seen.php': { body: { ok: true } } },
    );
    const back = await screen.findByRole('link', { name: /Back to likes/ });
    expect(back.getAttribute('href')).toBe('/likes/matches?page=2');
  });

  it('/likes/m/{id} opened without a likes page in its history state leads back to /likes', async () => {
    renderMember(
      ok(),
      { route: '/likes/m/42', routeState: { likesUrl: 'https://elsewhere.example/' } },
      { 'POST /api/likes-seen.php': { body: { ok: true } } },
    );
    expect((await screen.findByRole('link', { name: /Back to likes/ })).getAttribute('href')).toBe('/likes');
  });

  it('/members/{id} leaves the new-like flag alone', async () => {
    const fetch = renderMember(ok(), {}, { 'GET /api/likes.php': { body: { profiles: [], liked_by: [{ id: 42, like_new: true }] } } });
    // The label comes from the same likes answer the flag would be cleared from.
    expect(await screen.findByText('Likes you')).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/likes-seen.php')).toEqual([]);
  });
});
