import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { apiError, sentBodies, stubApi, type StubAnswer } from '../../test/api-stub';
import { currentLocation } from '../../test/location-probe';
import { makeUser, renderWithProviders, type RenderOptions } from '../../test/render-with-providers';
import { changeLocale } from '../../i18n/i18n';
import { makeMemberAnswer } from '../../test/profile-fixtures';
import { setOpenConversation } from '../chats';
import { startLiveServer, type LiveServer } from '../chats/test/chats-test-kit';
import { loadChatDraft } from './chat-draft';
import {
  chatAnswer,
  chatMessage,
  ChatRoutes,
  CONVERSATION_ID,
  PACKAGES_STUB,
  packagesAnswer,
  PARTNER_ID,
  storedAnswer,
} from './test/conversation-test-kit';
import { pickIcebreakers } from './icebreakers';
import { getOutbox } from './outbox';
import en from './texts/en.json';
import { DESKTOP_QUERY } from './use-media-query';

// Issue 29: the chat's paid actions ask first. A photo shows its preview and price before anything
// is uploaded or charged; Send is off below the price, with the missing credits and the way to the
// packages, and the draft survives the visit; the footer's money price is the best package's.

const OK: StubAnswer = { body: { ok: true } };
const chatsList: StubAnswer = { body: { chats: [], unread_total: 0 } };
let server: LiveServer;

beforeEach(async () => {
  // A phone: only the Send button sends.
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query !== DESKTOP_QUERY && false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('chat-messages') ? 600 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('chat-row') ? 50 : 0;
  });
  server = await startLiveServer({ lastMessageId: () => 0 });
});

afterEach(async () => {
  getOutbox().clear();
  sessionStorage.clear();
  setOpenConversation(null);
  vi.restoreAllMocks();
  await server.stop();
  await changeLocale('en');
});

function renderChat(credits: number, stubs: Parameters<typeof stubApi>[0] = {}, options: RenderOptions = {}) {
  const fetch = stubApi({
    'GET /api/chats.php': chatsList,
    'GET /api/chat.php': { body: chatAnswer({ messages: [chatMessage(1)] }) },
    'POST /api/chat-read.php': OK,
    'GET /api/credit-packages.php': PACKAGES_STUB,
    ...stubs,
  });
  const view = renderWithProviders(<ChatRoutes />, { user: makeUser({ credits }), route: `/chats/${CONVERSATION_ID}`, ...options });
  return { fetch, ...view };
}

const messageBox = () => screen.getByRole('textbox', { name: 'Your message to Bram' }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
const imageCalls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([input]) => String(input).includes('/api/message-image.php'));
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'beach.jpg', { type: 'image/jpeg' });
const pick = (file: File) => userEvent.upload(document.getElementById('chat-photo-file') as HTMLInputElement, file);

describe('a photo asks first', () => {
  it('picking shows the preview with its price in credits and money; Cancel (or Escape) uploads and charges nothing', async () => {
    const { fetch } = renderChat(100, { 'POST /api/message-image.php': { status: 500 } });
    await screen.findByText('Message 1');
    await waitFor(() => expect(document.getElementById('send-footer-price')).not.toBeNull());
    await pick(photo());

    const dialog = await screen.findByRole('dialog', { name: 'Send this photo to Bram?' });
    expect(within(dialog).getByRole('img', { name: 'Preview of the photo you picked' })).toBeTruthy();
    // 5 credits at the best package (p3: £27.99 for 800 credits) is £0.18, rounded up as the price per message is.
    expect(within(dialog).getByText('This photo costs 5 credits (from £0.18).')).toBeTruthy();
    expect(within(dialog).getByText('Nothing is charged until you send it.')).toBeTruthy();
    // Keyboard: the focus is on Send, Tab reaches Cancel; the dialog is described by its price for a screen reader.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Send photo' })));
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toBe('This photo costs 5 credits (from £0.18).');
    expect((await axe.run(dialog)).violations).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await pick(photo());
    await screen.findByRole('dialog', { name: 'Send this photo to Bram?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(imageCalls(fetch)).toHaveLength(0);
    expect(getOutbox().getSnapshot()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Your balance: 100 credits' })).toBeTruthy();
  });

  it('Send (by keyboard) sends the photo once and the balance follows the answer', async () => {
    const { fetch } = renderChat(100, {
      'POST /api/message-image.php': () => ({
        status: 201,
        body: {
          message: chatMessage(2, {
            from_me: true,
            client_id: getOutbox().getSnapshot()[0]?.clientId ?? null,
            kind: 'image',
            text: null,
            image: { thumb_url: '/t.jpg', url: '/f.jpg', width: 4, height: 3 },
          }),
          credits: 95,
        },
      }),
    });
    await screen.findByText('Message 1');
    await pick(photo());
    const dialog = await screen.findByRole('dialog', { name: 'Send this photo to Bram?' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Send photo' })));
    expect(imageCalls(fetch)).toHaveLength(0);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('link', { name: 'Your balance: 95 credits' })).toBeTruthy());
    expect(imageCalls(fetch)).toHaveLength(1);
    expect(((imageCalls(fetch)[0]![1]!.body as FormData).get('file') as File).name).toBe('beach.jpg');
  });

  it('below the photo’s price Send is off, with the missing credits and Buy credits', async () => {
    const { fetch } = renderChat(3);
    await screen.findByText('Message 1');
    await pick(photo());
    const dialog = await screen.findByRole('dialog', { name: 'Send this photo to Bram?' });
    expect(within(dialog).getByText('You need 2 more credits to send this.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
    const send = within(dialog).getByRole('button', { name: 'Send photo' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await userEvent.click(send);
    expect(imageCalls(fetch)).toHaveLength(0);
  });
});

describe('Send below the price of a message', () => {
  it('is off before the server would refuse: the missing credits and Buy credits show, nothing is sent', async () => {
    const { fetch } = renderChat(6, { 'POST /api/message.php': apiError(402, 'insufficient_credits', 'Not enough credits') });
    await screen.findByText('Message 1');
    const missing = await waitFor(() => document.getElementById('chat-missing-credits')!);
    expect(missing.getAttribute('role')).toBe('status');
    expect(missing.textContent).toBe('You need 4 more credits to send this. Buy credits');
    await userEvent.type(messageBox(), 'Hello Bram');
    expect(sendButton().disabled).toBe(true);
    // The box says why for a screen reader.
    expect(messageBox().getAttribute('aria-describedby')).toContain('chat-missing-credits');
    await userEvent.click(sendButton());
    expect(sentBodies(fetch, 'POST /api/message.php')).toEqual([]);
    expect(messageBox().value).toBe('Hello Bram');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the draft across a visit to the shop (Buy credits) and back; sending clears it', async () => {
    const first = renderChat(6);
    await screen.findByText('Message 1');
    await userEvent.type(messageBox(), 'Shall we talk tonight?');
    await userEvent.click(within(document.getElementById('chat-missing-credits')!).getByRole('link', { name: 'Buy credits' }));
    expect(currentLocation()).toBe('/credits');
    first.unmount();

    // Back with credits bought: the text is in the box again, and Send works.
    const { fetch } = renderChat(120, { 'POST /api/message.php': (body) => storedAnswer(2, body, 110) });
    await screen.findByText('Message 1');
    expect(messageBox().value).toBe('Shall we talk tonight?');
    expect(document.getElementById('chat-missing-credits')).toBeNull();
    await userEvent.click(sendButton());
    await waitFor(() =>
      expect(sentBodies(fetch, 'POST /api/message.php')).toEqual([expect.objectContaining({ text: 'Shall we talk tonight?' })]),
    );
    expect(messageBox().value).toBe('');
    expect(loadChatDraft(1, PARTNER_ID)).toBeNull();
  });

  it('a draft is the member’s and this conversation’s: another partner’s box starts empty', async () => {
    const first = renderChat(6);
    await screen.findByText('Message 1');
    await userEvent.type(messageBox(), 'Only for Bram');
    first.unmount();
    renderChat(
      6,
      {
        'GET /api/chat.php': {
          body: chatAnswer({
            conversation: 9,
            messages: [chatMessage(3, { conversation: { id: 9 } })],
            partner: { ...chatAnswer().partner, id: 77, name: 'Tom' },
          }),
        },
      },
      { route: '/chats/9' },
    );
    const box = (await screen.findByRole('textbox', { name: 'Your message to Tom' })) as HTMLTextAreaElement;
    expect(box.value).toBe('');
  });
});

describe('the footer’s money price', () => {
  it('is the best package’s price per message, from the packages (not minimum_message_costs), linking to them', async () => {
    renderChat(100, {}, { settings: { minimum_message_costs: { NL: { costs: 149, currency: 'EUR' } } } });
    const link = await screen.findByRole('link', { name: 'from £0.35 per message' });
    expect(link.id).toBe('send-footer-price');
    expect(link.getAttribute('href')).toBe('/credits');
    expect(document.getElementById('chat-price')!.textContent).toBe('10 credits · from £0.35 per message');
    expect(document.body.textContent).not.toContain('€1.49');
  });

  it('follows the member’s currency and language (Polish złoty, in Polish)', async () => {
    await changeLocale('pl');
    const pln = packagesAnswer({
      currency: 'PLN',
      // The złoty list, p2 the best value: 38.70 zł for 300 credits is 1.29 zł for a message of 10 credits.
      packages: packagesAnswer().packages.map((pkg) => {
        const amount = { p0: 4299, p1: 8499, p2: 3870, p3: 37999 }[pkg.id];
        return { ...pkg, amount, discounted_amount: amount, price_per_message: Math.ceil((amount * 10) / pkg.credits) };
      }),
    });
    renderChat(100, { 'GET /api/credit-packages.php': { body: pln } }, { locale: 'pl' });
    // p2 is the best value here; the money in Polish format (a no-break space before zł).
    await waitFor(() =>
      expect(document.getElementById('send-footer-price')?.textContent?.replace(/\s/g, ' ')).toBe('od 1,29 zł za wiadomość'),
    );
  });

  it('while the welcome offer runs, says the discounted price the shop shows for the same package (issue 29)', async () => {
    const discounted = packagesAnswer({
      packages: packagesAnswer().packages.map((pkg) => ({ ...pkg, discounted_amount: Math.floor(pkg.amount * 0.75) })),
      discount: { code: 'TIMEBONUS25', value_percentage: 25, source: 'time_bonus', expires: null },
    });
    renderChat(100, { 'GET /api/credit-packages.php': { body: discounted } });
    // p3: £27.99 less 25% is £20.99 for 800 credits, so £0.27 for a message of 10 (rounded up), as /credits says.
    expect(await screen.findByRole('link', { name: 'from £0.27 per message' })).toBeTruthy();
  });

  it('says only the credits while the packages cannot be had', async () => {
    renderChat(100, { 'GET /api/credit-packages.php': { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } } });
    await screen.findByText('Message 1');
    expect(document.getElementById('chat-price')!.textContent).toBe('10 credits per message');
    expect(document.getElementById('send-footer-price')).toBeNull();
  });
});

describe('icebreakers in the chat with a fictional profile', () => {
  it('the modal never offers the first-date opener to a fictional profile, where a real one with the same seed gets it', async () => {
    const partner = {
      ...chatAnswer().partner,
      is_fictional: true,
      fictional_icon: '★',
      fictional: { icon: '★', singular: 'Fictional profile', warning: 'You cannot meet them in person.' },
    };
    // The same partner as a real member would be offered it (so the check below can fail).
    expect(pickIcebreakers({ name: 'Bram', interests: [], city: 'Utrecht', seed: PARTNER_ID }).map(({ key }) => key)).toContain(
      'generic.firstDate',
    );
    renderChat(
      100,
      {
        'GET /api/chat.php': { body: chatAnswer({ conversation: null, partner }) },
        'GET /api/member.php': { body: makeMemberAnswer({ id: PARTNER_ID, name: 'Bram', interests: [], city: 'Utrecht', region: '' }, []) },
        'GET /api/interests.php': { body: { interests: [] } },
        'GET /api/regions.php': { body: { countries: [] } },
      },
      { route: `/members/${PARTNER_ID}/chat` },
    );
    const openers = await waitFor(() => {
      const items = [...document.querySelectorAll('#icebreaker-list .icebreaker')].map((button) => button.textContent);
      expect(items.length).toBeGreaterThan(0);
      return items;
    });
    expect(openers).toHaveLength(6);
    expect(openers).not.toContain(en.icebreakers.generic.firstDate);
    expect(openers.some((text) => /first date|meet/i.test(text ?? ''))).toBe(false);
  });
});
