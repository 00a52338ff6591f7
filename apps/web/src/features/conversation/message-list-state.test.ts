import { describe, expect, it } from 'vitest';
import type { TChatMessage } from '@cupido/shared/contracts/chats';
import { lastMessageId, lastPartnerMessageId, mergeMessages, ownMessageState } from './message-list-state';

const message = (id: number, overrides: Partial<TChatMessage> = {}): TChatMessage => ({
  id,
  conversation: { id: 5 },
  client_id: null,
  from_me: true,
  kind: 'text',
  text: `m${id}`,
  image: null,
  gift: null,
  created_at: '2026-11-24T10:00:00.000Z',
  state: 'sent',
  ...overrides,
});

describe('mergeMessages', () => {
  it('keeps each id once, in id order, whatever order the sources come in', () => {
    const merged = mergeMessages([message(3), message(5)], [message(4), message(5), message(1)]);
    expect(merged.map((m) => m.id)).toEqual([1, 3, 4, 5]);
  });

  it('never takes a state back', () => {
    const merged = mergeMessages([message(3, { state: 'read' })], [message(3, { state: 'sent' })]);
    expect(merged[0]!.state).toBe('read');
    expect(mergeMessages([message(3, { state: 'sent' })], [message(3, { state: 'delivered' })])[0]!.state).toBe('delivered');
  });

  it('finds the newest id, and the newest of the partner', () => {
    const list = [message(1, { from_me: false }), message(2), message(4, { from_me: false }), message(6)];
    expect(lastMessageId(list)).toBe(6);
    expect(lastPartnerMessageId(list)).toBe(4);
    expect(lastMessageId([])).toBe(0);
  });
});

describe('ownMessageState', () => {
  it('follows the receipts, never behind what the server said', () => {
    expect(ownMessageState(message(5), { deliveredUpTo: 5, readUpTo: 4 }, false)).toBe('delivered');
    expect(ownMessageState(message(5), { deliveredUpTo: 9, readUpTo: 9 }, false)).toBe('read');
    expect(ownMessageState(message(5, { state: 'read' }), { deliveredUpTo: 0, readUpTo: 0 }, false)).toBe('read');
  });

  it('shows a message to a fictional profile as delivered, never read', () => {
    expect(ownMessageState(message(5, { state: 'sent' }), { deliveredUpTo: 0, readUpTo: 9 }, true)).toBe('delivered');
  });
});
