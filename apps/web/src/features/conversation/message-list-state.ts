import type { TChatMessage } from '@cupido/shared/contracts/chats';
import { MESSAGE_STATES, messageStateOf, type MessageState } from '@cupido/shared/rules/chats';

/**
 * The messages of one conversation as the screen holds them: unique by id and ordered by id, which
 * within a conversation is the order the server committed them (decision 028: a send holds the
 * conversation's row lock while its message gets its id). Every source (first page, older pages,
 * live frames, resyncs, own sends) goes through `mergeMessages`, so none can double or reorder one.
 */
export function mergeMessages(current: readonly TChatMessage[], incoming: readonly TChatMessage[]): TChatMessage[] {
  if (incoming.length === 0) return current as TChatMessage[];
  const byId = new Map<number, TChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) {
    const known = byId.get(message.id);
    // A later copy may carry a further state (delivered, read); never go back to an earlier one.
    byId.set(message.id, known ? { ...message, state: furtherState(known.state, message.state) } : message);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function furtherState(a: MessageState | null, b: MessageState | null): MessageState | null {
  if (a === null) return b;
  if (b === null) return a;
  return MESSAGE_STATES.indexOf(a) >= MESSAGE_STATES.indexOf(b) ? a : b;
}

/** How far the partner's app received and read the conversation (message ids only grow). */
export interface PartnerReceipts {
  deliveredUpTo: number;
  readUpTo: number;
}

export function furtherReceipts(a: PartnerReceipts, b: PartnerReceipts): PartnerReceipts {
  return { deliveredUpTo: Math.max(a.deliveredUpTo, b.deliveredUpTo), readUpTo: Math.max(a.readUpTo, b.readUpTo) };
}

/**
 * The state an own message shows: what the server said of it, or further when a receipt came since.
 * A fictional partner has no app: delivered, never read (rules/chats' messageStateOf).
 */
export function ownMessageState(message: TChatMessage, receipts: PartnerReceipts, fictional: boolean): MessageState {
  const fromReceipts = messageStateOf(message.id, { ...receipts, fictional });
  if (fictional) return fromReceipts;
  return furtherState(message.state, fromReceipts) ?? 'sent';
}

/** The newest message id shown (0 for none): where a resync continues. */
export function lastMessageId(messages: readonly TChatMessage[]): number {
  return messages.length > 0 ? messages[messages.length - 1]!.id : 0;
}

/** The newest message of the partner (what a read or delivered receipt covers), or 0. */
export function lastPartnerMessageId(messages: readonly TChatMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (!messages[i]!.from_me) return messages[i]!.id;
  return 0;
}
