import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBlockedMember } from '@cupido/shared/contracts/blocks';
import { sentBodies, stubApi } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { BlockedMembers } from './blocked-members';

const bram: TBlockedMember = { profile_id: 42, name: 'Bram', main_image: '/photos/t42.jpg', blocked_at: '2026-03-02T09:00:00.000Z' };
const eva: TBlockedMember = { profile_id: 43, name: 'Eva', main_image: null, blocked_at: '2026-02-01T09:00:00.000Z' };

function renderList(blocks: TBlockedMember[]) {
  const fetch = stubApi({
    'GET /api/blocks.php': { body: { blocks } },
    'DELETE /api/block.php': (body) => ({ body: { profile_id: (body as { profile_id: number }).profile_id, is_blocked: false } }),
  });
  renderWithProviders(<BlockedMembers />, { user: makeUser(), route: '/notifications' });
  return fetch;
}

afterEach(() => vi.restoreAllMocks());

describe('blocked members in the settings', () => {
  it('lists each blocked member with a link, the date, and Unblock, which takes them off the list', async () => {
    const fetch = renderList([bram, eva]);
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(['Bram', 'Eva']);
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/members/42');
    expect(items[0]!.textContent).toContain('Blocked on');
    expect(items[0]!.textContent).toContain('2026');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Unblock Bram' }));
    expect((await screen.findByRole('status')).textContent).toBe('You have unblocked Bram.');
    expect(sentBodies(fetch, 'DELETE /api/block.php')).toEqual([{ profile_id: 42 }]);
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => within(item).getByRole('link').textContent),
    ).toEqual(['Eva']);
  });

  it('says so when nobody is blocked', async () => {
    renderList([]);
    expect(await screen.findByText('You have not blocked anyone.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Blocked members' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
