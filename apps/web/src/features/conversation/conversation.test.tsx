import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { LIVE_CLOSE } from '@cupido/shared/rules/live-frames';
import { TYPING_VISIBLE_MS } from '@cupido/shared/rules/chats';
import type { TChatItem } from '@cupido/shared/contracts/chats';
import { apiError, sentBodies, sentQueries, stubApi, type StubAnswer } from '../../test/api-stub';
import { currentLocation } from '../../test/location-probe';
import { makeUser, renderWithProviders, type RenderOptions } from '../../test/render-with-providers';
import { changeLocale } from '../../i18n/i18n';
import { makeCard } from '../../test/profile-fixtures';
import { setOpenConversation } from '../chats';
import { startLiveServer, type LiveServer } from '../chats/test/chats-test-kit';
import { liveStatus } from '../chats/live-events';
import {
  chatAnswer,
  chatMessage,
  ChatRoutes,
  CONVERSATION_ID,
  PACKAGES_STUB,
  PARTNER_ID,
  storedAnswer,
} from './test/conversation-test-kit';
import { getOutbox } from './outbox';
import { DESKTOP_QUERY } from './use-media-query';

const OK: StubAnswer = { body: { ok: true } };
const member = () => makeUser({ credits: 100, time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone });
/** The live channel starts after the first screen settled (500 ms without requestIdleCallback), then connects. */
const eventually = (check: () => void, timeout = 4_000) => waitFor(check, { timeout });

/** GET /api/chats.php: the conversation with Bram, as the list beside the chat shows it. */
const chatsList: StubAnswer = {
  body: {
    chats: [
      {
        conversation: CONVERSATION_ID,
        profile: PARTNER_ID,
        num_unread_messages: 0,
        partner: makeCard(PARTNER_ID, { name: 'Bram' }),
        last_message: null,
        updated_at: '2026-11-24T10:00:00.000Z',
      } satisfies TChatItem,
    ],
    unread_total: 0,
  },
};

/** A real WebSocket server on the page's origin: the app's live channel connects to it as to its own server. */
let server: LiveServer;

beforeEach(async () => {
  // happy-dom lays nothing out: the message list gets a screen's height and each row a bubble's, so the
  // virtualised list renders its rows as a browser would.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('chat-messages') ? 600 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('chat-row') ? 50 : 0;
  });
  // The list scrolls as far as its rows reach (the virtualiser sets the inner list's height).
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    if (!this.classList.contains('chat-messages')) return 0;
    return Math.max(600, parseFloat((this.firstElementChild as HTMLElement | null)?.style.height ?? '0') || 0);
  });
  server = await startLiveServer({ lastMessageId: () => 0 });
});

afterEach(async () => {
  getOutbox().clear();
  sessionStorage.clear();
  setOpenConversation(null);
  vi.useRealTimers();
  vi.restoreAllMocks();
  await server.stop();
});

/** The member's tab has its live channel open. */
const connected = () => eventually(() => expect(liveStatus()).toBe('open'));

/** A computer (Enter sends) or a phone (only the button sends). */
function useScreen(kind: 'desktop' | 'phone') {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: kind === 'desktop' && query === DESKTOP_QUERY,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

/** Stubs the calls (the chats list beside the conversation too) and renders the chat layout at `route`. */
function renderChat(stubs: Parameters<typeof stubApi>[0], options: RenderOptions = {}) {
  const fetch = stubApi({ 'GET /api/chats.php': chatsList, 'GET /api/credit-packages.php': PACKAGES_STUB, ...stubs });
  const view = renderWithProviders(<ChatRoutes />, { user: member(), route: `/chats/${CONVERSATION_ID}`, ...options });
  return { fetch, ...view };
}

const messageBox = () => screen.getByRole('textbox', { name: 'Your message to Bram' }) as HTMLTextAreaElement;
const messageList = () => screen.getByRole('region', { name: 'Messages with Bram' });
const bubbleTexts = () => [...messageList().querySelectorAll('.chat-bubble__text')].map((p) => p.textContent);

describe('the conversation screen', () => {
  it('shows the partner in the top bar, the messages oldest first, the credits badge, and the list beside it', async () => {
    renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1), chatMessage(2, { from_me: true, text: 'Hi there' })] }) },
      'POST /api/chat-read.php': OK,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bram' })).toBeTruthy();
    expect(document.getElementById('chat-partner-link')!.getAttribute('href')).toBe(`/members/${PARTNER_ID}`);
    expect(screen.getByRole('link', { name: 'Your balance: 100 credits' }).getAttribute('href')).toBe('/credits');
    expect(bubbleTexts()).toEqual(['Message 1', 'Hi there']);
    await waitFor(() => expect(document.getElementById('chat-price')!.textContent).toBe('10 credits · from £0.35 per message'));
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByRole('link', { name: /Bram/ }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Chat with Bram | Cupido Test'));
  });

  it('sending shows a pending bubble at once, then the stored one (one bubble), and the new balance', async () => {
    useScreen('phone');
    let answer: (value: StubAnswer) => void = () => {};
    const { fetch } = renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) },
      'POST /api/chat-read.php': OK,
      'POST /api/message.php': () => new Promise<StubAnswer>((resolve) => (answer = resolve)),
    });
    await screen.findByText('Message 1');
    await userEvent.type(messageBox(), 'Hello Bram');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(messageBox().value).toBe('');
    const pending = await within(messageList()).findByText('Hello Bram');
    expect(pending.closest('.chat-bubble')?.getAttribute('data-state')).toBe('sending');
    expect(within(pending.closest('.chat-bubble') as HTMLElement).getByText('Sending…')).toBeTruthy();

    const [body] = sentBodies(fetch, 'POST /api/message.php') as { client_id: string; profile_id: number; text: string }[];
    expect(body).toEqual({ profile_id: PARTNER_ID, client_id: expect.stringMatching(/^[0-9a-f-]{36}$/), text: 'Hello Bram' });
    await act(async () => answer(storedAnswer(2, body, 90)));

    await waitFor(() =>
      expect(within(messageList()).getByText('Hello Bram').closest('.chat-bubble')?.getAttribute('data-state')).toBe('sent'),
    );
    expect(bubbleTexts()).toEqual(['Message 1', 'Hello Bram']);
    expect(screen.getByRole('link', { name: 'Your balance: 90 credits' })).toBeTruthy();
  });

  it('the live copy of the member’s own message (it may come before the answer) makes no second bubble', async () => {
    useScreen('phone');
    let answer: (value: StubAnswer) => void = () => {};
    const { fetch } = renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) },
      'POST /api/chat-read.php': OK,
      'POST /api/message.php': () => new Promise<StubAnswer>((resolve) => (answer = resolve)),
    });
    await screen.findByText('Message 1');
    await connected();
    await userEvent.type(messageBox(), 'Quick one');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const [body] = sentBodies(fetch, 'POST /api/message.php') as { client_id: string }[];
    const stored = storedAnswer(2, body).body as { message: ReturnType<typeof chatMessage> };
    server.send({ type: 'message', message: stored.message });
    await waitFor(() =>
      expect(within(messageList()).getByText('Quick one').closest('.chat-bubble')?.getAttribute('data-state')).toBe('sent'),
    );
    await act(async () => answer(storedAnswer(2, body)));
    expect(within(messageList()).getAllByText('Quick one')).toHaveLength(1);
  });

  it('a send that failed for the network waits, is retried with the same client id when back online, and shows one bubble', async () => {
    useScreen('phone');
    let calls = 0;
    const { fetch } = renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) },
      'POST /api/chat-read.php': OK,
      'POST /api/message.php': (body) => {
        calls++;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return storedAnswer(7, body);
      },
    });
    await screen.findByText('Message 1');
    await userEvent.type(messageBox(), 'Are you there?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() =>
      expect(within(messageList()).getByText('Are you there?').closest('.chat-bubble')?.getAttribute('data-state')).toBe('waiting'),
    );
    expect(screen.getByText('Waiting for a connection…')).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem('cupido.outbox') ?? '[]')).toEqual([
      expect.objectContaining({ text: 'Are you there?', status: 'waiting' }),
    ]);

    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() =>
      expect(within(messageList()).getByText('Are you there?').closest('.chat-bubble')?.getAttribute('data-state')).toBe('sent'),
    );
    const bodies = sentBodies(fetch, 'POST /api/message.php') as { client_id: string }[];
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.client_id).toBe(bodies[0]!.client_id);
    expect(within(messageList()).getAllByText('Are you there?')).toHaveLength(1);
    expect(sessionStorage.getItem('cupido.outbox')).toBeNull();
  });

  it('a waiting message is sent again when the live channel reconnects', async () => {
    useScreen('phone');
    let down = true;
    const { fetch } = renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) },
      'POST /api/chat-read.php': OK,
      'POST /api/message.php': (body) => {
        if (down) throw new TypeError('Failed to fetch');
        return storedAnswer(7, body);
      },
    });
    await screen.findByText('Message 1');
    await connected();
    await userEvent.type(messageBox(), 'Back soon');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Waiting for a connection…');
    down = false;
    server.closeAll(LIVE_CLOSE.tryAgainLater);
    await eventually(() =>
      expect(within(messageList()).getByText('Back soon').closest('.chat-bubble')?.getAttribute('data-state')).toBe('sent'),
    );
    const bodies = sentBodies(fetch, 'POST /api/message.php') as { client_id: string }[];
    expect(new Set(bodies.map((b) => b.client_id)).size).toBe(1);
  });

  it('402 (the balance spent in another tab meanwhile): the text goes back into the box and the alert offers Buy credits (to /credits)', async () => {
    useScreen('phone');
    renderChat(
      {
        'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) },
        'POST /api/chat-read.php': OK,
        'POST /api/message.php': apiError(402, 'insufficient_credits', 'Not enough credits'),
      },
      { user: makeUser({ credits: 10 }) },
    );
    await screen.findByText('Message 1');
    await userEvent.type(messageBox(), 'Want to meet?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      "You don't have enough credits to send this. Buy credits to keep chatting; your message stays in the box.",
    );
    expect(within(alert).getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
    expect(messageBox().value).toBe('Want to meet?');
    expect(within(messageList()).queryByText('Want to meet?')).toBeNull();
  });

  it('403 premium_only shows the premium-only alert with Get Premium; another refusal shows the server’s words', async () => {
    useScreen('phone');
    let refusal = apiError(403, 'premium_only', 'Premium only');
    renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) },
      'POST /api/chat-read.php': OK,
      'POST /api/message.php': () => refusal,
    });
    await screen.findByText('Message 1');
    await userEvent.type(messageBox(), 'One');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Get Premium' }).getAttribute('href')).toBe('/premium');

    refusal = apiError(429, 'too_many_messages', 'Slow down: too many messages in a minute.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Slow down: too many messages in a minute.'));
    expect(messageBox().value).toBe('One');
  });

  it('on a computer Enter sends and Shift+Enter starts a new line', async () => {
    useScreen('desktop');
    const { fetch } = renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) },
      'POST /api/chat-read.php': OK,
      'POST /api/message.php': (body) => storedAnswer(2, body),
    });
    await screen.findByText('Message 1');
    await userEvent.type(messageBox(), 'First line{Shift>}{Enter}{/Shift}second line');
    expect(messageBox().value).toBe('First line\nsecond line');
    expect(sentBodies(fetch, 'POST /api/message.php')).toHaveLength(0);

    await userEvent.type(messageBox(), '{Enter}');
    await waitFor(() =>
      expect(sentBodies(fetch, 'POST /api/message.php')).toEqual([expect.objectContaining({ text: 'First line\nsecond line' })]),
    );
    expect(messageBox().value).toBe('');
  });

  it('on a phone Enter starts a new line; only the Send button sends', async () => {
    useScreen('phone');
    const { fetch } = renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) },
      'POST /api/chat-read.php': OK,
    });
    await screen.findByText('Message 1');
    await userEvent.type(messageBox(), 'Hi{Enter}there');
    expect(messageBox().value).toBe('Hi\nthere');
    expect(sentBodies(fetch, 'POST /api/message.php')).toHaveLength(0);
  });

  it('counts characters as seen (graphemes) against the site’s message length, and refuses more', async () => {
    useScreen('phone');
    renderChat(
      { 'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) }, 'POST /api/chat-read.php': OK },
      { settings: { message_length: 5 } },
    );
    await screen.findByText('Message 1');
    fireEvent.change(messageBox(), { target: { value: '👍🏽🇳🇱é' } });
    expect(screen.getByText('3 of 5 characters')).toBeTruthy();
    fireEvent.change(messageBox(), { target: { value: 'abc👨‍👩‍👧‍👦de' } });
    expect(screen.getByText('6 of 5 characters')).toBeTruthy();
    expect(screen.getByText('Your message is too long: shorten it to 5 characters.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('loads the older page at the top and puts it before the messages shown', async () => {
    const { fetch } = renderChat({
      'GET /api/chat.php': (_body, url) =>
        url.searchParams.get('before') === '11'
          ? { body: chatAnswer({ messages: [chatMessage(9), chatMessage(10)], has_older: false, older_hidden: true }) }
          : { body: chatAnswer({ messages: [chatMessage(11), chatMessage(12)], has_older: true }) },
      'POST /api/chat-read.php': OK,
    });
    await screen.findByText('Message 12');
    // The first page does not fill the screen: the older one is asked for at once.
    await waitFor(() => expect(bubbleTexts()).toEqual(['Message 9', 'Message 10', 'Message 11', 'Message 12']));
    expect(sentQueries(fetch, 'GET /api/chat.php')).toEqual([{ conversation: '5' }, { conversation: '5', before: '11' }]);
    expect(screen.getByText('Older messages are hidden for your privacy.')).toBeTruthy();
  });

  it('after a reconnect it fetches what came after the last page it loaded until nothing newer follows, without doubles', async () => {
    let dropped = false;
    const { fetch } = renderChat({
      'GET /api/chat.php': (_body, url) => {
        const after = url.searchParams.get('after');
        // The first hello's catch-up: nothing newer yet.
        if (after === '2' && !dropped) return { body: chatAnswer({ messages: [], has_newer: false }) };
        // From the first page's newest (2), not the live frame's 3: a frame may be newer than a message missed meanwhile.
        if (after === '2') return { body: chatAnswer({ messages: [chatMessage(3), chatMessage(4)], has_newer: true }) };
        if (after === '4') return { body: chatAnswer({ messages: [chatMessage(5)], has_newer: false }) };
        return { body: chatAnswer({ messages: [chatMessage(1), chatMessage(2)] }) };
      },
      'POST /api/chat-read.php': OK,
    });
    await screen.findByText('Message 2');
    await connected();
    await waitFor(() =>
      expect(sentQueries(fetch, 'GET /api/chat.php')).toEqual([{ conversation: '5' }, { conversation: '5', after: '2' }]),
    );
    server.send({ type: 'message', message: chatMessage(3) });
    await within(messageList()).findByText('Message 3');
    dropped = true;
    server.closeAll(LIVE_CLOSE.tryAgainLater);
    await eventually(() => expect(bubbleTexts()).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']));
    expect(sentQueries(fetch, 'GET /api/chat.php').slice(2)).toEqual([
      { conversation: '5', after: '2' },
      { conversation: '5', after: '4' },
    ]);
  });

  it('the first hello fetches the receipts the partner gave before the channel opened (it loads late after a tunnel)', async () => {
    let readByPartner = false;
    const { fetch } = renderChat({
      'GET /api/chat.php': (_body, url) =>
        url.searchParams.get('after') === '2'
          ? { body: chatAnswer({ messages: [], has_newer: false, partner_delivered_up_to: 2, partner_read_up_to: readByPartner ? 2 : 0 }) }
          : { body: chatAnswer({ messages: [chatMessage(1), chatMessage(2, { from_me: true, text: 'Hi there' })] }) },
      'POST /api/chat-read.php': OK,
    });
    await screen.findByText('Hi there');
    const ownState = () => messageList().querySelector('.chat-state')?.getAttribute('data-state');
    expect(ownState()).toBe('sent');
    // The partner read it while this tab had no socket yet: no receipt frame will come.
    readByPartner = true;
    await connected();
    await eventually(() => expect(ownState()).toBe('read'));
    expect(sentQueries(fetch, 'GET /api/chat.php')).toEqual([{ conversation: '5' }, { conversation: '5', after: '2' }]);
  });

  it('reports what the member read: chat-read.php and a live read frame up to the partner’s newest message', async () => {
    const { fetch } = renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1), chatMessage(2, { from_me: true })] }) },
      'POST /api/chat-read.php': OK,
    });
    await screen.findByText('Message 1');
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/chat-read.php')).toEqual([{ conversation: CONVERSATION_ID, up_to: 1 }]));
    await connected();
    server.send({ type: 'message', message: chatMessage(3) });
    await eventually(() => expect(server.received).toContainEqual({ type: 'read', conversation: CONVERSATION_ID, up_to: 3 }));
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/chat-read.php')).toContainEqual({ conversation: CONVERSATION_ID, up_to: 3 }));
  });

  it('while the tab is hidden a new message is only delivered; visible again, it resyncs and reads', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    let hidden = false;
    const { fetch } = renderChat({
      'GET /api/chat.php': (_body, url) =>
        url.searchParams.get('after') === '1'
          ? { body: chatAnswer({ messages: hidden ? [chatMessage(3), chatMessage(4)] : [], has_newer: false }) }
          : { body: chatAnswer({ messages: [chatMessage(1)] }) },
      'POST /api/chat-read.php': OK,
    });
    await screen.findByText('Message 1');
    await connected();
    // The first hello's catch-up found nothing newer.
    await waitFor(() => expect(sentQueries(fetch, 'GET /api/chat.php')).toContainEqual({ conversation: '5', after: '1' }));
    hidden = true;
    visibility.mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    server.send({ type: 'message', message: chatMessage(3) });
    await eventually(() => expect(server.received).toContainEqual({ type: 'delivered', conversation: CONVERSATION_ID, up_to: 3 }));
    expect(sentBodies(fetch, 'POST /api/chat-read.php')).toEqual([{ conversation: CONVERSATION_ID, up_to: 1 }]);

    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(bubbleTexts()).toEqual(['Message 1', 'Message 3', 'Message 4']));
    expect(sentQueries(fetch, 'GET /api/chat.php')).toContainEqual({ conversation: '5', after: '1' });
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/chat-read.php')).toContainEqual({ conversation: CONVERSATION_ID, up_to: 4 }));
    await eventually(() => expect(server.received).toContainEqual({ type: 'read', conversation: CONVERSATION_ID, up_to: 4 }));
  });

  it('a conversation not started yet (opened by profile) shows the partner’s first message as it comes', async () => {
    let started = false;
    renderChat(
      {
        'GET /api/chat.php': () => ({
          body: started ? chatAnswer({ messages: [chatMessage(1, { text: 'You first!' })] }) : chatAnswer({ conversation: null }),
        }),
        'POST /api/chat-read.php': OK,
        'GET /api/member.php': { body: { profile: memberProfile(), related: [] } },
        'GET /api/interests.php': { body: { interests: [] } },
        'GET /api/regions.php': { body: { countries: [] } },
      },
      { route: `/members/${PARTNER_ID}/chat` },
    );
    await screen.findByRole('dialog', { name: 'Icebreakers' });
    await userEvent.keyboard('{Escape}');
    await connected();
    started = true;
    server.send({ type: 'message', message: chatMessage(1, { text: 'You first!' }) });
    expect(await within(messageList()).findByText('You first!')).toBeTruthy();
  });

  it('a conversation removed elsewhere (another tab, a block) leaves for the list', async () => {
    renderChat({ 'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) }, 'POST /api/chat-read.php': OK });
    await screen.findByText('Message 1');
    await connected();
    server.send({ type: 'conversation_removed', conversation: 99 });
    server.send({ type: 'conversation_removed', conversation: CONVERSATION_ID });
    await waitFor(() => expect(currentLocation()).toBe('/chats'));
  });

  it('a message removed by staff (message_removed frame) leaves the screen; another conversation’s frame changes nothing', async () => {
    renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1), chatMessage(2)] }) },
      'POST /api/chat-read.php': OK,
    });
    await screen.findByText('Message 2');
    await connected();
    server.send({ type: 'message_removed', conversation: 99, message: 1 });
    server.send({ type: 'message_removed', conversation: CONVERSATION_ID, message: 2 });
    await waitFor(() => expect(bubbleTexts()).toEqual(['Message 1']));
  });

  it('a receipt frame moves own messages to delivered and read', async () => {
    renderChat({ 'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1, { from_me: true, text: 'Mine' })] }) } });
    const bubble = (await screen.findByText('Mine')).closest('.chat-bubble') as HTMLElement;
    expect(within(bubble).getByText('Sent')).toBeTruthy();
    await connected();
    server.send({ type: 'receipt', conversation: CONVERSATION_ID, delivered_up_to: 1, read_up_to: 0 });
    expect(await within(bubble).findByText('Delivered')).toBeTruthy();
    // Another conversation's receipt changes nothing here.
    server.send({ type: 'receipt', conversation: 99, delivered_up_to: 0, read_up_to: 5 });
    server.send({ type: 'receipt', conversation: CONVERSATION_ID, delivered_up_to: 1, read_up_to: 1 });
    expect(await within(bubble).findByText('Read')).toBeTruthy();
  });

  it('shows the typing indicator while typing frames arrive, and hides it after TYPING_VISIBLE_MS or with the message', async () => {
    renderChat({ 'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) }, 'POST /api/chat-read.php': OK });
    await screen.findByText('Message 1');
    await connected();
    const typing = () => document.getElementById('chat-typing')!.textContent;
    const typingFrame = { type: 'typing', conversation: CONVERSATION_ID, profile: PARTNER_ID } as const;
    server.send(typingFrame);
    await waitFor(() => expect(typing()).toBe('Bram is typing…'));
    const shownAt = Date.now();
    await waitFor(() => expect(typing()).toBe(''), { timeout: TYPING_VISIBLE_MS + 2_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(TYPING_VISIBLE_MS - 300);

    server.send(typingFrame);
    await waitFor(() => expect(typing()).toBe('Bram is typing…'));
    server.send({ type: 'message', message: chatMessage(2) });
    await waitFor(() => expect(typing()).toBe(''));
    expect(within(messageList()).getByText('Message 2')).toBeTruthy();
    // Screen readers hear it: the list itself is not a live region.
    expect(document.getElementById('chat-announcement')!.textContent).toBe('New message from Bram: Message 2');
  }, 15_000);

  it('while the member types, the partner hears it: a typing frame at most every TYPING_SIGNAL_INTERVAL_MS', async () => {
    useScreen('phone');
    renderChat({ 'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) }, 'POST /api/chat-read.php': OK });
    await screen.findByText('Message 1');
    await connected();
    await userEvent.type(messageBox(), 'Hello there');
    await eventually(() =>
      expect(server.received.filter((frame) => (frame as { type: string }).type === 'typing')).toEqual([
        { type: 'typing', conversation: CONVERSATION_ID },
      ]),
    );
  });

  it('sends a photo: a pending bubble with its preview, then the stored thumbnail opening the full image', async () => {
    useScreen('phone');
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'beach.jpg', { type: 'image/jpeg' });
    let answer: (value: StubAnswer) => void = () => {};
    const { fetch } = renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) },
      'POST /api/chat-read.php': OK,
      'POST /api/message-image.php': () => new Promise<StubAnswer>((resolve) => (answer = resolve)),
    });
    await screen.findByText('Message 1');
    expect(screen.getByRole('button', { name: 'Send a photo (5 credits)' })).toBeTruthy();
    await userEvent.upload(document.getElementById('chat-photo-file') as HTMLInputElement, file);
    // The preview asks first (issue 29; paid-actions.test.tsx has its price and Cancel).
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Send this photo to Bram?' })).getByRole('button', { name: 'Send photo' }),
    );
    const pending = await within(messageList()).findByRole('img', { name: 'Your photo' });
    expect(pending.closest('.chat-bubble')?.getAttribute('data-state')).toBe('sending');

    const [, init] = fetch.mock.calls.find(([input]) => String(input).includes('/api/message-image.php'))!;
    const sent = init!.body as FormData;
    expect(sent.get('profile_id')).toBe(String(PARTNER_ID));
    expect(sent.get('client_id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((sent.get('file') as File).name).toBe('beach.jpg');
    const image = {
      thumb_url: '/api/chat-image.php?message=2&size=thumb',
      url: '/api/chat-image.php?message=2&size=full',
      width: 400,
      height: 300,
    };
    await act(async () =>
      answer({
        status: 201,
        body: {
          message: chatMessage(2, { from_me: true, client_id: String(sent.get('client_id')), kind: 'image', text: null, image }),
          credits: 95,
        },
      }),
    );
    const thumbnail = await within(messageList()).findByRole('button', { name: 'Show the photo full size' });
    expect(within(thumbnail).getByRole('img', { name: 'Your photo' }).getAttribute('src')).toBe(image.thumb_url);
    expect(within(messageList()).getAllByRole('img', { name: 'Your photo' })).toHaveLength(1);
    await userEvent.click(thumbnail);
    const viewer = await screen.findByRole('dialog', { name: 'Your photo' });
    expect(within(viewer).getByRole('img', { name: 'Your photo' }).getAttribute('src')).toBe(image.url);
  });

  it('scrolled up, a new message of the partner does not move the view: a New messages pill leads down to it', async () => {
    renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: Array.from({ length: 40 }, (_, i) => chatMessage(i + 1)) }) },
      'POST /api/chat-read.php': OK,
    });
    await screen.findByRole('heading', { level: 1, name: 'Bram' });
    // It opens at the newest message (happy-dom moves scrollTop but fires no scroll event: the test does).
    await waitFor(() => expect(messageList().scrollTop).toBe(messageList().scrollHeight - 600));
    act(() => void messageList().dispatchEvent(new Event('scroll')));
    expect(await within(messageList()).findByText('Message 40')).toBeTruthy();
    expect(within(messageList()).queryByText('Message 1')).toBeNull(); // virtualised: far above, not in the page
    await connected();
    const scroller = messageList();
    act(() => {
      scroller.scrollTop = 0;
      scroller.dispatchEvent(new Event('scroll'));
    });
    server.send({ type: 'message', message: chatMessage(41) });
    const pill = await screen.findByRole('button', { name: /New messages/ });
    expect(scroller.scrollTop).toBe(0);
    await userEvent.click(pill);
    await waitFor(() => expect(screen.queryByRole('button', { name: /New messages/ })).toBeNull());
    await waitFor(() => expect(scroller.scrollTop).toBe(scroller.scrollHeight - 600));
  });

  it('at the bottom, a new message of the partner comes into view by itself (no pill)', async () => {
    renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: Array.from({ length: 40 }, (_, i) => chatMessage(i + 1)) }) },
      'POST /api/chat-read.php': OK,
    });
    await screen.findByRole('heading', { level: 1, name: 'Bram' });
    await waitFor(() => expect(messageList().scrollTop).toBe(messageList().scrollHeight - 600));
    act(() => void messageList().dispatchEvent(new Event('scroll')));
    await connected();
    const endBefore = messageList().scrollTop;
    server.send({ type: 'message', message: chatMessage(41) });
    await waitFor(() => expect(messageList().scrollTop).toBeGreaterThan(endBefore));
    act(() => void messageList().dispatchEvent(new Event('scroll')));
    expect(await within(messageList()).findByText('Message 41')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New messages/ })).toBeNull();
  });

  it('the older page goes above without moving what the member is reading', async () => {
    const { fetch } = renderChat({
      'GET /api/chat.php': (_body, url) =>
        url.searchParams.get('before') === '11'
          ? { body: chatAnswer({ messages: Array.from({ length: 10 }, (_, i) => chatMessage(i + 1)), has_older: false }) }
          : { body: chatAnswer({ messages: Array.from({ length: 30 }, (_, i) => chatMessage(i + 11)), has_older: true }) },
      'POST /api/chat-read.php': OK,
    });
    await screen.findByRole('heading', { level: 1, name: 'Bram' });
    await waitFor(() => expect(messageList().scrollTop).toBe(messageList().scrollHeight - 600));
    const scroller = messageList();
    const rowOf = (text: string) => within(scroller).getByText(text).closest('li') as HTMLElement;
    const offsetOf = (row: HTMLElement) => Number(/translateY\(([\d.]+)px\)/.exec(row.style.transform)![1]);
    // The member scrolls up to the top: Message 11 is on screen, and the older page is asked for.
    act(() => {
      scroller.scrollTop = 0;
      scroller.dispatchEvent(new Event('scroll'));
    });
    const before = offsetOf(rowOf('Message 11')) - scroller.scrollTop;
    await waitFor(() => expect(sentQueries(fetch, 'GET /api/chat.php')).toContainEqual({ conversation: '5', before: '11' }));
    act(() => void scroller.dispatchEvent(new Event('scroll')));
    await waitFor(() => expect(offsetOf(rowOf('Message 11')) - scroller.scrollTop).toBeCloseTo(before, 0));
    expect(scroller.scrollTop).toBeGreaterThan(0);
  });

  it('shows a gift with its artwork and translated name', async () => {
    await changeLocale('de');
    renderChat(
      {
        'GET /api/chat.php': {
          body: chatAnswer({
            messages: [
              chatMessage(1, { kind: 'gift', text: null, gift: 'rose' }),
              chatMessage(2, { kind: 'gift', text: null, gift: 'teddy_bear', from_me: true }),
            ],
          }),
        },
        'POST /api/chat-read.php': OK,
      },
      { locale: 'de' },
    );
    expect(await screen.findByText('Bram hat dir ein Geschenk geschickt: Rose')).toBeTruthy();
    expect(screen.getByText('Du hast ein Geschenk geschickt: Teddybär')).toBeTruthy();
    expect(document.querySelectorAll('.chat-gift__art')).toHaveLength(2);
    await changeLocale('en');
  });

  it('sends a gift from the picker: the pending gift bubble, then the stored one', async () => {
    useScreen('phone');
    const { fetch } = renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) },
      'POST /api/chat-read.php': OK,
      'POST /api/message.php': (body) => storedAnswer(2, body, 75),
    });
    await screen.findByText('Message 1');
    await userEvent.click(screen.getByRole('button', { name: 'Send a gift (25 credits)' }));
    const picker = await screen.findByRole('dialog', { name: 'Send Bram a gift' });
    // Credits and their money at the best package (p3: £27.99 for 800 credits), as the footer's price.
    expect(await within(picker).findByText('A gift costs 25 credits (from £0.88).')).toBeTruthy();
    // The artwork's licence (CC-BY 4.0) asks for the attribution where it shows.
    expect(within(picker).getByText(/Twemoji by Twitter, Inc and other contributors, licensed under CC-BY 4\.0/)).toBeTruthy();
    await userEvent.click(within(picker).getByRole('button', { name: 'Sunflower' }));
    await userEvent.click(within(picker).getByRole('button', { name: 'Send Sunflower' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('You sent a gift: Sunflower')).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/message.php')).toEqual([
      { profile_id: PARTNER_ID, client_id: expect.any(String), gift: 'sunflower' },
    ]);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Your balance: 75 credits' })).toBeTruthy());
  });

  it('an empty conversation opens the icebreakers once; choosing one fills the box without sending', async () => {
    useScreen('phone');
    const { fetch } = renderChat(
      {
        'GET /api/chat.php': { body: chatAnswer({ conversation: null }) },
        'GET /api/member.php': { body: { profile: memberProfile(), related: [] } },
        'GET /api/interests.php': {
          body: {
            interests: [
              { id: 'cooking', name: 'Cooking' },
              { id: 'music', name: 'Music' },
            ],
          },
        },
        'GET /api/regions.php': { body: { countries: [{ country: 'NL', label: 'province', regions: [{ code: 'UT', name: 'Utrecht' }] }] } },
      },
      { route: `/members/${PARTNER_ID}/chat` },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Icebreakers' });
    expect(sentQueries(fetch, 'GET /api/chat.php')).toEqual([{ profile: String(PARTNER_ID) }]);
    const options = await within(dialog).findAllByRole('button', { name: /“(Cooking|Music)”/ });
    expect(options).toHaveLength(2);
    const chosen = options[0]!.textContent!;
    await userEvent.click(options[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(messageBox().value).toBe(chosen);
    // The member writes next: the focus is in the box, where Enter (on a computer) would send it.
    await waitFor(() => expect(document.activeElement).toBe(messageBox()));
    expect(sentBodies(fetch, 'POST /api/message.php')).toHaveLength(0);

    // The reopen link above the footer brings it back; Escape closes it.
    await userEvent.click(screen.getByRole('button', { name: /Icebreakers/ }));
    expect(await screen.findByRole('dialog', { name: 'Icebreakers' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a partner who has not confirmed their e-mail: the footer is off and says why', async () => {
    renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)], send_blocked: 'partner_unconfirmed' }) },
      'POST /api/chat-read.php': OK,
    });
    expect(await screen.findByText('Bram has not confirmed their e-mail address yet, so you cannot reply yet.')).toBeTruthy();
    expect(messageBox().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the member’s own unconfirmed e-mail: a reminder that partners cannot reply yet', async () => {
    renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)], account_unconfirmed: true }) },
      'POST /api/chat-read.php': OK,
    });
    expect((await screen.findByText(/Please confirm your e-mail address \(anna@example.com\)/)).textContent).toContain('cannot reply');
  });

  it('a fictional partner carries the badge and the site’s notice in the chat', async () => {
    renderChat({
      'GET /api/chat.php': {
        body: chatAnswer({
          messages: [chatMessage(1)],
          partner: {
            ...chatAnswer().partner,
            is_fictional: true,
            fictional_icon: '★',
            fictional: { icon: '★', singular: 'fictional profile', warning: 'Some profiles are run by our staff.' },
          },
        }),
      },
      'POST /api/chat-read.php': OK,
    });
    expect(await screen.findByText('fictional profile')).toBeTruthy();
    expect(document.getElementById('chat-fictional-notice')!.textContent).toContain('Some profiles are run by our staff.');
  });

  it('a draft from chat.php fills the box', async () => {
    renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)], draft: 'My signup message' }) },
      'POST /api/chat-read.php': OK,
    });
    await screen.findByText('Message 1');
    expect(messageBox().value).toBe('My signup message');
  });

  it('on a phone the conversation leads back to the list', async () => {
    renderChat({ 'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) }, 'POST /api/chat-read.php': OK });
    await screen.findByText('Message 1');
    await userEvent.click(screen.getByRole('link', { name: 'Back to messages' }));
    expect(currentLocation()).toBe('/chats');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
  });

  it('reports a partner’s message with a reason and the good-faith statement', async () => {
    const { fetch } = renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1, { text: 'Send me money' })] }) },
      'POST /api/chat-read.php': OK,
      'POST /api/message-report.php': { body: { report_id: 3, status: 'open', message: 'Thank you, we will look into it.' } },
    });
    await screen.findByText('Send me money');
    await userEvent.click(screen.getByRole('button', { name: 'Report this message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a message from Bram' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'scam_spam');
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Thank you, we will look into it.')).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/message-report.php')).toEqual([{ message_id: 1, reason: 'scam_spam', text: '', good_faith: true }]);
  });
});

describe('accessibility of the conversation screen', () => {
  const axeRules = {
    runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  };
  const violations = async () =>
    (await axe.run(document.body, axeRules)).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);

  it('has no axe violations: messages of every kind, pending and waiting, the options menu, the gift picker and the image viewer', async () => {
    useScreen('desktop');
    renderChat({
      'GET /api/chat.php': {
        body: chatAnswer({
          messages: [
            chatMessage(1),
            chatMessage(2, { from_me: true, text: 'Mine', state: 'read' }),
            chatMessage(3, { kind: 'gift', text: null, gift: 'rose' }),
            chatMessage(4, {
              kind: 'image',
              text: null,
              image: {
                thumb_url: '/api/chat-image.php?message=4&size=thumb',
                url: '/api/chat-image.php?message=4&size=full',
                width: 400,
                height: 300,
              },
            }),
          ],
          older_hidden: true,
          partner: {
            ...chatAnswer().partner,
            is_fictional: true,
            fictional_icon: '★',
            fictional: { icon: '★', singular: 'fictional profile', warning: 'Some profiles are run by our staff.' },
          },
        }),
      },
      'POST /api/chat-read.php': OK,
      'POST /api/message.php': 'pending',
    });
    await screen.findByText('Message 1');
    await userEvent.type(messageBox(), 'On its way');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await within(messageList()).findByText('On its way');
    expect(await violations()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Conversation options' }));
    expect(screen.getByRole('button', { name: 'Delete conversation' })).toBeTruthy();
    expect(await violations()).toEqual([]);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Show the photo full size' }));
    const viewer = await screen.findByRole('dialog', { name: 'Photo from Bram' });
    expect(within(viewer).getByRole('img', { name: 'Photo from Bram' }).getAttribute('src')).toBe(
      '/api/chat-image.php?message=4&size=full',
    );
    expect(await violations()).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Send a gift (25 credits)' }));
    await screen.findByRole('dialog', { name: 'Send Bram a gift' });
    expect(await violations()).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The focus is back on the button that opened the picker.
    expect(document.activeElement?.id).toBe('chat-gift');
  });

  it('deletes the conversation from the options (after asking) and goes back to the list', async () => {
    const { fetch } = renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) },
      'POST /api/chat-read.php': OK,
      'DELETE /api/chat.php': OK,
    });
    await screen.findByText('Message 1');
    await userEvent.click(screen.getByRole('button', { name: 'Conversation options' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this conversation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/chats'));
    await waitFor(() => expect(sentBodies(fetch, 'DELETE /api/chat.php')).toEqual([{ conversation: CONVERSATION_ID }]));
  });

  it('blocks the partner from the options with the profile page’s confirmation, and leaves the conversation', async () => {
    const { fetch } = renderChat({
      'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) },
      'POST /api/chat-read.php': OK,
      'POST /api/block.php': { body: { profile_id: PARTNER_ID, is_blocked: true } },
    });
    await screen.findByText('Message 1');
    await userEvent.click(screen.getByRole('button', { name: 'Conversation options' }));
    await userEvent.click(screen.getByRole('button', { name: 'Block Bram' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Bram?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(currentLocation()).toBe('/chats'));
    expect(sentBodies(fetch, 'POST /api/block.php')).toEqual([{ profile_id: PARTNER_ID }]);
  });
});

function memberProfile() {
  return {
    id: PARTNER_ID,
    name: 'Bram',
    age: 41,
    gender: 'male' as const,
    country: 'NL',
    region: 'UT',
    city: 'Utrecht',
    about: '',
    interests: ['cooking', 'music'],
    highlights: [],
    notes: [],
    main_image: null,
    photos: [],
    photo_count: 0,
    is_fictional: false,
    fictional: null,
    is_blocked_by_me: false,
    is_own: false,
  };
}
