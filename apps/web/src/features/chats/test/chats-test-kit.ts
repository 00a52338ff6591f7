import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { type TChatItem, type TChatMessage, type TChatsAnswer } from '@cupido/shared/contracts/chats';
import type { TLiveServerFrame } from '@cupido/shared/contracts/live';
import { LIVE_PATH } from '@cupido/shared/rules/live-frames';
import type { StubAnswer } from '../../../test/api-stub';
import { makeCard } from '../../../test/profile-fixtures';

/** A minute ago: the list shows it as a time of today. */
const recently = () => new Date(Date.now() - 60_000).toISOString();

/** One conversation of GET /api/chats.php with the partner `Member <profile>` and a text from them. */
export function chatItem(conversation: number, overrides: Partial<TChatItem> = {}): TChatItem {
  const profile = overrides.profile ?? conversation + 100;
  const at = overrides.updated_at ?? recently();
  return {
    conversation,
    profile,
    num_unread_messages: 0,
    partner: makeCard(profile),
    last_message: {
      id: conversation * 10,
      kind: 'text',
      text: `Hello from ${profile}`,
      gift: null,
      from_me: false,
      created_at: at,
      state: null,
    },
    updated_at: at,
    ...overrides,
  };
}

/** GET /api/chats.php: the conversations in order, unread_total their sum unless given. */
export function chatsAnswer(chats: TChatItem[], unreadTotal = chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0)): StubAnswer {
  const body: TChatsAnswer = { chats, unread_total: unreadTotal };
  return { body };
}

/** A live 'message' frame: a text in `conversation` (from the partner unless said). */
export function messageFrame(conversation: number, id: number, overrides: Partial<TChatMessage> = {}): TLiveServerFrame {
  return {
    type: 'message',
    message: {
      id,
      conversation: { id: conversation },
      client_id: null,
      from_me: false,
      kind: 'text',
      text: `Message ${id}`,
      image: null,
      gift: null,
      created_at: new Date().toISOString(),
      state: null,
      ...overrides,
    },
  };
}

interface HappyDomWindow {
  happyDOM: { setURL: (url: string) => void };
}

/**
 * A real WebSocket server (the `ws` package the server's live hub uses) on a free loopback port,
 * at LIVE_PATH only; the page's address moves to its origin, so the app connects to it exactly as
 * it connects to its own server (same origin, the cookie and Origin going with it).
 * Every connection gets `hello` first (last_message_id from `lastMessageId()`, new_likes from
 * `newLikes()`), as the hub does.
 */
export async function startLiveServer(options: { lastMessageId?: () => number; newLikes?: () => number } = {}) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: LIVE_PATH });
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const sockets: WebSocket[] = [];
  const connections: { at: number; origin: string | undefined }[] = [];
  const closed: number[] = [];
  const received: unknown[] = [];
  server.on('connection', (socket, request) => {
    sockets.push(socket);
    connections.push({ at: Date.now(), origin: request.headers.origin });
    socket.on('close', (code) => closed.push(code));
    socket.on('message', (data) => received.push(JSON.parse(String(data))));
    socket.send(JSON.stringify({ type: 'hello', last_message_id: options.lastMessageId?.() ?? 0, new_likes: options.newLikes?.() ?? 0 }));
  });
  const page = window as unknown as HappyDomWindow;
  const previousUrl = window.location.href;
  page.happyDOM.setURL(`http://127.0.0.1:${port}/chats`);

  const open = () => sockets.filter((socket) => socket.readyState === socket.OPEN);
  return {
    port,
    connections,
    /** Close codes of the connections that ended, in order. */
    closed,
    /** Frames the app sent. */
    received,
    /** Sends to every open connection (a frame object, or raw text to test bad frames). */
    send(frame: TLiveServerFrame | string) {
      for (const socket of open()) socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    },
    /** Closes every open connection with a close code, as the hub does (policy violation, back-pressure...). */
    closeAll(code: number) {
      for (const socket of open()) socket.close(code);
    },
    async stop() {
      for (const socket of sockets) socket.terminate();
      await new Promise((resolve) => server.close(resolve));
      page.happyDOM.setURL(previousUrl);
    },
  };
}
export type LiveServer = Awaited<ReturnType<typeof startLiveServer>>;
