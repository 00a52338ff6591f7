import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route, Routes } from 'react-router';
import { i18n } from '../../i18n/i18n';
import { stubApi } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import ChatsPage from './chats-page';
import { chatItem, chatsAnswer } from './test/chats-test-kit';

/** The partners' "online now" / "active today" marks in the conversation list (issue 28). */

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

function renderList(locale: 'en' | 'fr' | 'pl' = 'en') {
  const online = chatItem(3, { partner: { ...chatItem(3).partner, name: 'Anna', activity: 'online' } });
  const today = chatItem(4, {
    partner: { ...chatItem(4).partner, name: 'Sophie', is_fictional: true, fictional_icon: '★', activity: 'today' },
  });
  const none = chatItem(5, { partner: { ...chatItem(5).partner, name: 'Bram' } });
  stubApi({ 'GET /api/chats.php': chatsAnswer([online, today, none]) });
  return renderWithProviders(
    <Routes>
      <Route path="/chats" element={<ChatsPage />} />
    </Routes>,
    { user: makeUser({ time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone }), route: '/chats', locale },
  );
}
const items = () => within(screen.getByRole('list', { name: /./ })).getAllByRole('listitem');
const marks = () => items().map((item) => item.querySelector('.activity-mark')?.textContent ?? null);

describe('conversation list: the partners’ activity', () => {
  it('marks each partner online now or active today in words, under the name, and nobody without a mark', async () => {
    renderList();
    await waitFor(() => expect(marks()).toEqual(['Online now', 'Active today', null]));
    const [anna, sophie] = items() as [HTMLElement, HTMLElement];
    // Part of the link's name, so a screen reader hears it with the conversation.
    expect(within(anna).getByRole('link').textContent).toContain('Online now');
    // The fictional badge and the mark share the line under the name.
    const meta = sophie.querySelector('.conversation-item__meta')!;
    expect(meta.querySelector('.conversation-item__fictional')).not.toBeNull();
    expect(meta.querySelector('.activity-mark')?.getAttribute('data-activity')).toBe('today');
    // Words, not colour alone: the dot is hidden from assistive technology.
    expect(anna.querySelector('.activity-mark__dot')?.getAttribute('aria-hidden')).toBe('true');
    const results = await axe.run(document.getElementById('conversation-list')!);
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('speaks the member’s language', async () => {
    renderList('pl');
    await waitFor(() => expect(marks()).toEqual(['Teraz online', expect.stringMatching(/dzi/), null]));
  });
});
