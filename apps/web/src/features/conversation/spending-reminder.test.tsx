import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { DEFAULT_SPENDING_REMINDER } from '@cupido/shared/contracts/operator-console';
import { stubApi, type StubAnswer } from '../../test/api-stub';
import { makeUser, renderWithProviders, type RenderOptions } from '../../test/render-with-providers';
import { changeLocale } from '../../i18n/i18n';
import { setOpenConversation } from '../chats';
import { startLiveServer, type LiveServer } from '../chats/test/chats-test-kit';
import { chatAnswer, chatMessage, ChatRoutes, CONVERSATION_ID, PACKAGES_STUB } from './test/conversation-test-kit';
import { getOutbox } from './outbox';

const OK: StubAnswer = { body: { ok: true } };
let server: LiveServer;

beforeEach(async () => {
  server = await startLiveServer({ lastMessageId: () => 0 });
});

afterEach(async () => {
  getOutbox().clear();
  sessionStorage.clear();
  setOpenConversation(null);
  vi.restoreAllMocks();
  await server.stop();
});

function renderChat(spendingReminder: string | null, options: RenderOptions = {}) {
  stubApi({
    'GET /api/chats.php': { body: { chats: [], unread_total: 0 } },
    'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)], spending_reminder: spendingReminder }) },
    'POST /api/chat-read.php': OK,
    'GET /api/credit-packages.php': PACKAGES_STUB,
  });
  renderWithProviders(<ChatRoutes />, { user: makeUser({ credits: 100 }), route: `/chats/${CONVERSATION_ID}`, ...options });
}

const messageList = () => screen.getByRole('region', { name: 'Messages with Bram' });

describe('the spending reminder on the conversation screen', () => {
  it('shows the site’s reminder as a labelled note above the messages, outside the message box’s footer', async () => {
    renderChat(DEFAULT_SPENDING_REMINDER.en);
    const note = await screen.findByRole('note', { name: 'About your spending' });
    expect(note.textContent).toContain(DEFAULT_SPENDING_REMINDER.en);
    const box = screen.getByRole('textbox', { name: 'Your message to Bram' });
    expect(note.contains(box)).toBe(false);
    // Above the list in the page's flow: it pushes the messages down instead of lying over the composer.
    expect(note.compareDocumentPosition(messageList()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const rules = {
      runOnly: ['wcag2a', 'wcag2aa', 'best-practice'],
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    };
    expect((await axe.run(note, rules)).violations.map((v) => v.id)).toEqual([]);
  });

  it('shows nothing when the server sends no reminder', async () => {
    renderChat(null);
    await screen.findByRole('region', { name: 'Messages with Bram' });
    expect(screen.queryByRole('note', { name: 'About your spending' })).toBeNull();
    expect(document.getElementById('chat-spending-reminder')).toBeNull();
  });

  it('labels the reminder in the member’s language', async () => {
    await changeLocale('pl');
    try {
      renderChat(DEFAULT_SPENDING_REMINDER.pl, { locale: 'pl' });
      const note = await screen.findByRole('note', { name: 'O twoich wydatkach' });
      expect(note.textContent).toContain(DEFAULT_SPENDING_REMINDER.pl);
    } finally {
      await changeLocale('en');
    }
  });
});
