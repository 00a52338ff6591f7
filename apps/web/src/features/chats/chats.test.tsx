import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Route, Routes } from 'react-router';
import { LIVE_CLOSE } from '@cupido/shared/rules/live-frames';
import type { TLikesAnswer } from '@cupido/shared/contracts/likes';
import { ApiError } from '../../api/client';
import { usePageTitle } from '../page-title/use-page-title';
import { i18n } from '../../i18n/i18n';
import { apiError, sentBodies, stubApi, type StubAnswer } from '../../test/api-stub';
import { currentLocation, LocationProbe } from '../../test/location-probe';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { LikesProvider } from '../likes';
import { TopNavigation } from '../navigation/top-navigation';
import { SESSION_QUERY_KEY } from '../session/use-session';
import ChatsPage from './chats-page';
import { ChatsProvider } from './chats-provider';
import { markConversationRead, setOpenConversation } from './chats-store';
import { chatItem, chatsAnswer, messageFrame, startLiveServer, type LiveServer } from './test/chats-test-kit';
import { ConversationList } from './conversation-list';
import { liveStatus } from './live-events';
import { removalErrorMessage } from './use-chats';

/** A member whose stored zone is the browser's: the shell has no time zone to send. */
const member = () => makeUser({ time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone });
const noLikes: StubAnswer = { body: { profiles: [], liked_by: [] } satisfies TLikesAnswer };
/** The channel starts after the first screen settled (500 ms without requestIdleCallback), then connects. */
const eventually = (check: () => void, timeout = 4_000) => waitFor(check, { timeout });
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: LiveServer | null = null;

afterEach(async () => {
  setOpenConversation(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await server?.stop();
  server = null;
  await i18n.changeLanguage('en');
});

const items = () => within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('listitem');
const names = () => items().map((item) => item.querySelector('.conversation-item__name')?.textContent);

function renderChatsPage(
  chats: StubAnswer | ((body: unknown, url: URL) => StubAnswer),
  extra: Record<string, StubAnswer | 'pending' | (() => StubAnswer)> = {},
) {
  const fetch = stubApi({ 'GET /api/chats.php': chats, ...extra });
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/chats" element={<ChatsPage />} />
        <Route path="/chats/:id" element={<p>Conversation</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { user: member(), route: '/chats' },
  );
  return { fetch, ...view };
}

describe('conversation list (/chats)', () => {
  it('lists the conversations of chats.php: photo, name, fictional badge, last message, time, unread count, a link each', async () => {
    renderChatsPage(
      chatsAnswer([
        chatItem(3, { num_unread_messages: 2 }),
        chatItem(4, { partner: { ...chatItem(4).partner, name: 'Sophie', is_fictional: true, fictional_icon: '★' } }),
        chatItem(5, { last_message: { ...chatItem(5).last_message!, from_me: true, text: 'See you!', state: 'read' } }),
        chatItem(6, { last_message: { ...chatItem(6).last_message!, kind: 'image', text: null } }),
        chatItem(7, { last_message: { ...chatItem(7).last_message!, kind: 'gift', text: null, gift: 'rose' } }),
        chatItem(8, { last_message: null }),
      ]),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    expect(document.title).toBe('Messages | Cupido Test');
    await waitFor(() => expect(names()).toEqual(['Member 103', 'Sophie', 'Member 105', 'Member 106', 'Member 107', 'Member 108']));
    const previews = items().map((item) => item.querySelector('.conversation-item__preview')?.textContent);
    expect(previews).toEqual(['Hello from 103', 'Hello from 104', 'You: See you!', 'Photo', 'Gift', 'No messages yet']);

    const [first, fictional] = items() as [HTMLElement, HTMLElement];
    const link = within(first).getByRole('link');
    expect(link.getAttribute('href')).toBe('/chats/3');
    expect(link.textContent).toContain('Unread messages: 2');
    expect(first.querySelector('.badge')?.textContent).toBe('2');
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/photos/t103.jpg');
    expect(first.querySelector('time')?.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(first.querySelector('time')?.textContent).toMatch(/^\d\d:\d\d/);
    expect(within(fictional).getByText('fictional profile')).toBeTruthy();
    expect(first.querySelector('.fictional-badge')).toBeNull();
    expect(items()[2]!.querySelector('.badge')).toBeNull();
    expect(within(first).getByRole('button', { name: 'Delete conversation with Member 103' })).toBeTruthy();
  });

  it('names a gift in the member’s language once the conversation texts are there', async () => {
    i18n.addResourceBundle('en', 'conversation', { gifts: { rose: 'Rose' } }, true, false);
    renderChatsPage(
      chatsAnswer([chatItem(7, { last_message: { ...chatItem(7).last_message!, kind: 'gift', text: null, gift: 'rose', from_me: true } })]),
    );
    await waitFor(() => expect(document.querySelector('.conversation-item__preview')?.textContent).toBe('You: Gift: Rose'));
    i18n.removeResourceBundle('en', 'conversation');
  });

  it('marks the conversation open beside it and tells when one is opened', async () => {
    const opened = vi.fn();
    stubApi({ 'GET /api/chats.php': chatsAnswer([chatItem(3), chatItem(4)]) });
    renderWithProviders(
      <>
        <ConversationList activeConversation={4} onOpen={opened} />
        <LocationProbe />
      </>,
      { user: member(), route: '/chats/4' },
    );
    const active = await screen.findByRole('link', { current: 'page' });
    expect(active.getAttribute('href')).toBe('/chats/4');
    expect(screen.getAllByRole('link', { current: false })).toHaveLength(1);
    await userEvent.click(screen.getByRole('link', { name: /Member 103/ }));
    expect(opened).toHaveBeenCalledWith(3);
    expect(currentLocation()).toBe('/chats/3');
  });

  it('deleting the conversation open beside the list goes back to /chats', async () => {
    stubApi({ 'GET /api/chats.php': chatsAnswer([chatItem(3), chatItem(4)]), 'DELETE /api/chat.php': { body: { ok: true } } });
    renderWithProviders(
      <>
        <ConversationList activeConversation={4} />
        <LocationProbe />
      </>,
      { user: member(), route: '/chats/4' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete conversation with Member 104' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/chats'));
    expect(names()).toEqual(['Member 103']);
  });

  it('without conversations invites to search members', async () => {
    renderChatsPage(chatsAnswer([]));
    expect(await screen.findByText('Find someone you like and send them the first message.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No conversations yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search members' }).getAttribute('href')).toBe('/members');
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let fail = true;
    renderChatsPage(() => (fail ? apiError(403, 'no_access', 'No.') : chatsAnswer([chatItem(3)])));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your conversations could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(names()).toEqual(['Member 103']));
  });

  it('deletes a conversation after asking: gone from the list at once, then DELETE /api/chat.php', async () => {
    const { fetch } = renderChatsPage(chatsAnswer([chatItem(3), chatItem(4), chatItem(5)]), { 'DELETE /api/chat.php': 'pending' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete conversation with Member 104' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this conversation?' });
    expect(dialog.textContent).toContain('Your conversation with Member 104 will be removed from your messages.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(names()).toEqual(['Member 103', 'Member 105']));
    // The server has not answered yet: the list did not wait for it.
    expect(sentBodies(fetch, 'DELETE /api/chat.php')).toEqual([{ conversation: 4 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement?.getAttribute('href')).toBe('/chats/5'));
  });

  it('a refused delete alerts the server’s error and reloads the chats, which bring it back', async () => {
    // happy-dom has no window.alert: the browser's is stood in for.
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { fetch } = renderChatsPage(chatsAnswer([chatItem(3), chatItem(4)]), {
      'DELETE /api/chat.php': apiError(403, 'no_access', 'You cannot delete this conversation.'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete conversation with Member 103' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('You cannot delete this conversation.'));
    await waitFor(() => expect(sentBodies(fetch, 'GET /api/chats.php').length).toBe(2));
    await waitFor(() => expect(names()).toEqual(['Member 103', 'Member 104']));
  });

  it('a delete without an answer (no connection) alerts the generic error', () => {
    expect(removalErrorMessage(new ApiError(0, 'network_error', 'Failed to fetch'))).toBe('An error occurred, please try again later.');
    expect(removalErrorMessage(new ApiError(404, 'conversation_not_found', 'This conversation no longer exists.'))).toBe(
      'This conversation no longer exists.',
    );
  });

  it('cancelling keeps the conversation and takes the focus back to its delete button', async () => {
    const { fetch } = renderChatsPage(chatsAnswer([chatItem(3)]));
    const remove = await screen.findByRole('button', { name: 'Delete conversation with Member 103' });
    await userEvent.click(remove);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(remove));
    expect(names()).toEqual(['Member 103']);
    expect(sentBodies(fetch, 'DELETE /api/chat.php')).toEqual([]);
  });

  it('has no axe violations (WCAG A/AA and best practices; contrast is the browser scenarios’), the delete dialog open too', async () => {
    const axeRules = {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    };
    const violations = async () =>
      (await axe.run(document.body, axeRules)).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
    renderChatsPage(
      chatsAnswer([
        chatItem(3, { num_unread_messages: 120 }),
        chatItem(4, { partner: { ...chatItem(4).partner, is_fictional: true, fictional_icon: '★', main_image: null } }),
        chatItem(5, { last_message: null }),
      ]),
    );
    await screen.findByRole('list', { name: 'Conversations' });
    expect(await violations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete conversation with Member 103' }));
    await screen.findByRole('dialog');
    expect(await violations()).toEqual([]);
  });

  it('is usable with the keyboard: Tab reaches each conversation and its delete button, Enter opens', async () => {
    renderChatsPage(chatsAnswer([chatItem(3), chatItem(4)]));
    await screen.findByRole('list', { name: 'Conversations' });
    await userEvent.tab();
    expect(document.activeElement?.getAttribute('href')).toBe('/chats/3');
    await userEvent.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Delete conversation with Member 103');
    await userEvent.tab();
    expect(document.activeElement?.getAttribute('href')).toBe('/chats/4');
    await userEvent.keyboard('{Enter}');
    expect(currentLocation()).toBe('/chats/4');
  });
});

function TitledShell() {
  usePageTitle('Search');
  return (
    <>
      <TopNavigation />
      <ConversationList />
    </>
  );
}

const messagesBadge = () => document.querySelector('#nav-chats .badge')?.textContent ?? null;

function renderShell(chats: StubAnswer | (() => StubAnswer), extra: Record<string, StubAnswer | (() => StubAnswer)> = {}) {
  const fetch = stubApi({ 'GET /api/chats.php': chats, 'GET /api/likes.php': noLikes, ...extra });
  const view = renderWithProviders(
    <ChatsProvider>
      <LikesProvider>
        <TitledShell />
      </LikesProvider>
    </ChatsProvider>,
    { user: member(), route: '/chats' },
  );
  return { fetch, ...view };
}

describe('chats in the shell, live', () => {
  it('a new message from a partner moves the conversation first, and raises its unread count, the Messages badge, the title and the app badge', async () => {
    const setBadge = vi.fn(() => Promise.resolve());
    Object.assign(navigator, { setAppBadge: setBadge, clearAppBadge: vi.fn(() => Promise.resolve()) });
    server = await startLiveServer({ lastMessageId: () => 30 });
    renderShell(chatsAnswer([chatItem(1), chatItem(2, { num_unread_messages: 1 }), chatItem(3)]));
    await waitFor(() => expect(names()).toEqual(['Member 101', 'Member 102', 'Member 103']));
    await waitFor(() => expect(messagesBadge()).toBe('1'));
    await eventually(() => expect(liveStatus()).toBe('open'));

    server.send(messageFrame(3, 31, { text: 'Are you there?' }));
    await waitFor(() => expect(names()).toEqual(['Member 103', 'Member 101', 'Member 102']));
    expect(items()[0]!.querySelector('.conversation-item__preview')?.textContent).toBe('Are you there?');
    expect(items()[0]!.querySelector('.badge')?.textContent).toBe('1');
    expect(messagesBadge()).toBe('2');
    expect(document.title).toBe('(2) Search | Cupido Test');
    await waitFor(() => expect(setBadge).toHaveBeenLastCalledWith(2));
    Reflect.deleteProperty(navigator, 'setAppBadge');
    Reflect.deleteProperty(navigator, 'clearAppBadge');
  });

  it('the open conversation’s messages are not unread; reading one sets its count to 0 and tells the server', async () => {
    server = await startLiveServer({ lastMessageId: () => 30 });
    const { fetch } = renderShell(chatsAnswer([chatItem(1, { num_unread_messages: 3 }), chatItem(3)]), {
      'POST /api/chat-read.php': { body: { ok: true } },
    });
    await waitFor(() => expect(messagesBadge()).toBe('3'));
    await eventually(() => expect(liveStatus()).toBe('open'));
    setOpenConversation(3);
    server.send(messageFrame(3, 31));
    await waitFor(() => expect(names()).toEqual(['Member 103', 'Member 101']));
    expect(messagesBadge()).toBe('3');

    await act(() => markConversationRead(1, 10));
    expect(sentBodies(fetch, 'POST /api/chat-read.php')).toEqual([{ conversation: 1, up_to: 10 }]);
    await waitFor(() => expect(messagesBadge()).toBeNull());
    expect(document.title).toBe('Search | Cupido Test');
  });

  it('tells the server a partner’s message was delivered as soon as it reaches the app, open conversation or not; never for the member’s own', async () => {
    server = await startLiveServer({ lastMessageId: () => 30 });
    renderShell(chatsAnswer([chatItem(1), chatItem(3)]));
    await waitFor(() => expect(names()).toEqual(['Member 101', 'Member 103']));
    await eventually(() => expect(liveStatus()).toBe('open'));
    server.send(messageFrame(3, 31));
    server.send(messageFrame(1, 32, { from_me: true }));
    await eventually(() => expect(server!.received).toContainEqual({ type: 'delivered', conversation: 3, up_to: 31 }));
    await waitFor(() => expect(names()).toEqual(['Member 101', 'Member 103']));
    expect(server.received).not.toContainEqual(expect.objectContaining({ type: 'delivered', up_to: 32 }));
  });

  it('the Messages badge shows 99+ from 100 unread messages', async () => {
    server = await startLiveServer();
    renderShell(chatsAnswer([chatItem(1, { num_unread_messages: 100 })]));
    await waitFor(() => expect(messagesBadge()).toBe('99+'));
    expect(document.getElementById('nav-chats')!.textContent).toContain('Unread messages: 100');
    expect(document.title).toBe('(100) Search | Cupido Test');
  });

  it('follows removals, badge counts and likes from the channel', async () => {
    server = await startLiveServer({ lastMessageId: () => 30 });
    let unread = 1;
    const { fetch } = renderShell(() => chatsAnswer([chatItem(1, { num_unread_messages: unread }), chatItem(3)]));
    await waitFor(() => expect(names()).toEqual(['Member 101', 'Member 103']));
    await eventually(() => expect(liveStatus()).toBe('open'));

    server.send({ type: 'conversation_removed', conversation: 3 });
    await waitFor(() => expect(names()).toEqual(['Member 101']));

    // A message removed by staff: the list reloads only when it shows that message as the last one.
    const beforeRemoval = sentBodies(fetch, 'GET /api/chats.php').length;
    server.send({ type: 'message_removed', conversation: 1, message: 12345 });
    server.send({ type: 'message_removed', conversation: 1, message: chatItem(1).last_message!.id });
    await waitFor(() => expect(sentBodies(fetch, 'GET /api/chats.php').length).toBe(beforeRemoval + 1));

    const likesCalls = sentBodies(fetch, 'GET /api/likes.php').length;
    server.send({ type: 'like', profile: 9, like_state: 'liked_you' });
    await waitFor(() => expect(sentBodies(fetch, 'GET /api/likes.php').length).toBe(likesCalls + 1));

    // Read in another tab: the badge follows at once, the list refetches its counts.
    unread = 0;
    const chatsCalls = sentBodies(fetch, 'GET /api/chats.php').length;
    server.send({ type: 'counts', unread_messages: 0, new_likes: 0 });
    await waitFor(() => expect(messagesBadge()).toBeNull());
    await waitFor(() => expect(sentBodies(fetch, 'GET /api/chats.php').length).toBe(chatsCalls + 1));
    await waitFor(() => expect(items()[0]!.querySelector('.badge')).toBeNull());
  });

  it('refetches the chats after a reconnect, and when the first hello knows a newer message', async () => {
    let newest = 30;
    server = await startLiveServer({ lastMessageId: () => newest });
    const { fetch } = renderShell(chatsAnswer([chatItem(1), chatItem(3)]));
    await eventually(() => expect(liveStatus()).toBe('open'));
    const afterFirstHello = sentBodies(fetch, 'GET /api/chats.php').length;
    expect(afterFirstHello).toBe(1); // hello 30 = the newest message the list knows

    newest = 31;
    server.closeAll(LIVE_CLOSE.tryAgainLater);
    await eventually(() => expect(server!.connections).toHaveLength(2));
    await eventually(() => expect(sentBodies(fetch, 'GET /api/chats.php').length).toBe(2));
  });

  it('reloads the likes when a hello counts other new likes than the app has (a like while the socket was not open)', async () => {
    let newLikes = 0;
    server = await startLiveServer({ lastMessageId: () => 30, newLikes: () => newLikes });
    const { fetch } = renderShell(chatsAnswer([chatItem(1), chatItem(3)]));
    await waitFor(() => expect(names()).toEqual(['Member 101', 'Member 103']));
    await eventually(() => expect(liveStatus()).toBe('open'));
    await waitFor(() => expect(sentBodies(fetch, 'GET /api/likes.php')).toHaveLength(1));
    await delay(50);
    expect(sentBodies(fetch, 'GET /api/likes.php')).toHaveLength(1); // hello 0 = the app's own count

    // Liked while the connection was down: no like frame reached this tab, the next hello counts it.
    newLikes = 1;
    server.closeAll(LIVE_CLOSE.tryAgainLater);
    await eventually(() => expect(server!.connections).toHaveLength(2));
    await eventually(() => expect(sentBodies(fetch, 'GET /api/likes.php')).toHaveLength(2));
  });

  it('for a visitor: no chats, no socket', async () => {
    server = await startLiveServer();
    const fetch = stubApi({});
    renderWithProviders(
      <ChatsProvider>
        <TopNavigation />
      </ChatsProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(server.connections).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
    expect(liveStatus()).toBe('closed');
  });

  it('logging out closes the socket', async () => {
    server = await startLiveServer();
    const { queryClient } = renderShell(chatsAnswer([chatItem(1)]));
    await eventually(() => expect(liveStatus()).toBe('open'));
    act(() => queryClient.setQueryData(SESSION_QUERY_KEY, null));
    await waitFor(() => expect(server!.closed).toEqual([1000]));
    expect(liveStatus()).toBe('closed');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(server.connections).toHaveLength(1);
  });
});
