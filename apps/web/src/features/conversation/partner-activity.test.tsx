import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { TChatAnswer, TChatItem } from '@cupido/shared/contracts/chats';
import type { Activity } from '@cupido/shared/rules/matching';
import { i18n } from '../../i18n/i18n';
import { stubApi } from '../../test/api-stub';
import { makeCard } from '../../test/profile-fixtures';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { ChatTopBar } from './chat-top-bar';
import { ConversationTexts } from './conversation-texts';
import { chatAnswer, CONVERSATION_ID, PARTNER_ID } from './test/conversation-test-kit';

/** The conversation header's "online now" / "active today" mark of the partner (issue 28). */

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

function listWith(activity: Activity | undefined): { body: { chats: TChatItem[]; unread_total: number } } {
  const partner = makeCard(PARTNER_ID, { name: 'Bram', ...(activity ? { activity } : {}) });
  return {
    body: {
      chats: [
        {
          conversation: CONVERSATION_ID,
          profile: PARTNER_ID,
          num_unread_messages: 0,
          partner,
          last_message: null,
          updated_at: '2026-11-24T10:00:00.000Z',
        },
      ],
      unread_total: 0,
    },
  };
}

function renderHeader(
  partner: Partial<TChatAnswer['partner']>,
  conversation: number | null,
  list = listWith(undefined),
  locale: 'en' | 'de' = 'en',
) {
  stubApi({ 'GET /api/chats.php': list });
  return renderWithProviders(
    <ConversationTexts>
      <ChatTopBar partner={{ ...chatAnswer().partner, ...partner }} conversation={conversation} />
    </ConversationTexts>,
    { user: makeUser({ credits: 10 }), locale },
  );
}
const mark = () => document.getElementById('chat-partner-activity');

describe('the conversation header shows the partner’s activity', () => {
  it('says "Online now" in words beside a dot that only repeats them, inside the link to the profile', async () => {
    renderHeader({ activity: 'online' }, null);
    await waitFor(() => expect(mark()?.textContent).toBe('Online now'));
    expect(mark()!.querySelector('.activity-mark__dot')?.getAttribute('aria-hidden')).toBe('true');
    expect(mark()!.querySelector('[data-activity]')?.getAttribute('data-activity')).toBe('online');
    expect(screen.getByRole('link', { name: /Bram\s*Online now/ })).toBeTruthy();
  });

  it('says "Active today", and nothing when the answer has no mark (none, or hidden by either side)', async () => {
    const { unmount } = renderHeader({ activity: 'today' }, null);
    await waitFor(() => expect(mark()?.textContent).toBe('Active today'));
    unmount();
    renderHeader({}, null);
    expect(await screen.findByText('Bram')).toBeTruthy();
    expect(mark()).toBeNull();
  });

  it('follows the list, which is refreshed every minute, once the conversation is in it', async () => {
    renderHeader({ activity: 'online' }, CONVERSATION_ID, listWith('today'));
    await waitFor(() => expect(mark()?.textContent).toBe('Active today'));
  });

  it('speaks the member’s language', async () => {
    renderHeader({ activity: 'online' }, null, listWith(undefined), 'de');
    await waitFor(() => expect(mark()?.textContent).toBe('Jetzt online'));
  });
});
