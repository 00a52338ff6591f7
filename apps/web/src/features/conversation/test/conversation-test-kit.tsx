import { Route, Routes } from 'react-router';
import { type TChatAnswer, type TChatMessage, type TSendMessageAnswer } from '@cupido/shared/contracts/chats';
import type { TPackagesAnswer } from '@cupido/shared/contracts/payments';
import type { StubAnswer } from '../../../test/api-stub';
import { LocationProbe } from '../../../test/location-probe';
import { ChatsProvider } from '../../chats';
import ChatLayout from '../chat-layout';
import ChatsIndexPage from '../chats-index-page';
import ConversationPage from '../conversation-page';

/** The partner of the tests' conversation 5: Bram, profile 42. */
export const PARTNER_ID = 42;
export const CONVERSATION_ID = 5;

export function chatMessage(id: number, overrides: Partial<TChatMessage> = {}): TChatMessage {
  const fromMe = overrides.from_me ?? false;
  return {
    id,
    conversation: { id: CONVERSATION_ID },
    client_id: null,
    from_me: fromMe,
    kind: 'text',
    text: `Message ${id}`,
    image: null,
    gift: null,
    created_at: '2026-11-24T10:00:00.000Z',
    state: fromMe ? 'sent' : null,
    ...overrides,
  };
}

export function chatAnswer(overrides: Partial<TChatAnswer> = {}): TChatAnswer {
  return {
    conversation: CONVERSATION_ID,
    partner: {
      id: PARTNER_ID,
      name: 'Bram',
      age: 41,
      city: 'Utrecht',
      country: 'NL',
      main_image: '/photos/t42.jpg',
      is_fictional: false,
      like_state: 'none',
      fictional: null,
    },
    messages: [],
    has_older: false,
    has_newer: false,
    older_hidden: false,
    send_blocked: null,
    account_unconfirmed: false,
    draft: null,
    spending_reminder: null,
    prices: { message: 10, image: 5, gift: 25 },
    partner_delivered_up_to: 0,
    partner_read_up_to: 0,
    ...overrides,
  };
}

/** POST /api/message.php's answer for what was sent: the stored message with its client id. */
export function storedAnswer(id: number, body: unknown, credits = 90): StubAnswer {
  const sent = body as { client_id: string; text?: string; gift?: TChatMessage['gift'] };
  const answer: TSendMessageAnswer = {
    message: chatMessage(id, {
      from_me: true,
      client_id: sent.client_id,
      kind: sent.gift ? 'gift' : 'text',
      text: sent.gift ? null : (sent.text ?? null),
      gift: sent.gift ?? null,
      state: 'sent',
    }),
    credits,
  };
  return { status: 201, body: answer };
}

/**
 * GET /api/credit-packages.php as a UK member sees it: pounds, 10 credits a message; p3 is the
 * best value at £0.35 a message (the chat footer's 'from £0.35 per message').
 */
export function packagesAnswer(overrides: Partial<TPackagesAnswer> = {}): TPackagesAnswer {
  const pkg = (id: 'p0' | 'p1' | 'p2' | 'p3', credits: number, amount: number, pricePerMessage: number, popular = false) => ({
    id,
    credits,
    amount,
    discounted_amount: amount,
    popular,
    price_per_message: pricePerMessage,
    messages: Math.floor(credits / 10),
  });
  return {
    currency: 'GBP',
    payment_country: 'GB',
    payment_countries: ['GB'],
    methods: ['visa', 'mastercard', 'paypal'],
    packages: [pkg('p0', 50, 899, 180), pkg('p1', 120, 1699, 142, true), pkg('p2', 300, 3499, 117), pkg('p3', 800, 2799, 35)],
    discount: null,
    card_blocked: false,
    message_credits: 10,
    ...overrides,
  };
}

export const PACKAGES_STUB: StubAnswer = { body: packagesAnswer() };

/** The chat layout with its three screens, as the router has them, in the shell's ChatsProvider (list and live channel). */
export function ChatRoutes() {
  return (
    <ChatsProvider>
      <Routes>
        <Route element={<ChatLayout />}>
          <Route path="/chats" element={<ChatsIndexPage />} />
          <Route path="/chats/:id" element={<ConversationPage />} />
          <Route path="/members/:id/chat" element={<ConversationPage />} />
        </Route>
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </ChatsProvider>
  );
}
