import { describe, expect, it } from 'vitest';
import {
  FREE_CONVERSATIONS_STARTED,
  graphemeLength,
  historyWindowStart,
  mayStartConversation,
  messageMoneyPrice,
  messageStateOf,
} from './chats';
import { GIFTS, GIFT_CODES, giftByCode } from './gifts';

describe('chat rules', () => {
  it('counts characters as the member sees them (grapheme clusters)', () => {
    expect(graphemeLength('hallo')).toBe(5);
    expect(graphemeLength('👍🏽')).toBe(1); // thumb with skin tone: two code points
    expect(graphemeLength('🇳🇱🇵🇱')).toBe(2); // two flags
    expect(graphemeLength('👩‍❤️‍👨')).toBe(1); // a joined family of code points
    expect(graphemeLength('e\u0301')).toBe(1); // e with a combining accent
    expect('👍🏽'.length).toBe(4);
  });

  it('lets a free member start exactly FREE_CONVERSATIONS_STARTED conversations; premium members any number', () => {
    expect(FREE_CONVERSATIONS_STARTED).toBe(2);
    expect(mayStartConversation(0, false)).toBe(true);
    expect(mayStartConversation(1, false)).toBe(true);
    expect(mayStartConversation(2, false)).toBe(false);
    expect(mayStartConversation(250, true)).toBe(true);
  });

  it('derives sent, delivered and read from how far the partner got; a fictional partner only ever shows delivered', () => {
    const partner = { deliveredUpTo: 10, readUpTo: 7, fictional: false };
    expect(messageStateOf(11, partner)).toBe('sent');
    expect(messageStateOf(10, partner)).toBe('delivered');
    expect(messageStateOf(8, partner)).toBe('delivered');
    expect(messageStateOf(7, partner)).toBe('read');
    expect(messageStateOf(11, { deliveredUpTo: 0, readUpTo: 0, fictional: true })).toBe('delivered');
    expect(messageStateOf(1, { deliveredUpTo: 5, readUpTo: 5, fictional: true })).toBe('delivered');
  });

  it('starts the history window the given number of days back', () => {
    expect(historyWindowStart(new Date('2026-11-24T12:00:00Z'), 180).toISOString()).toBe('2026-05-28T12:00:00.000Z');
  });

  it("finds the real-money price of a message for the member's country only", () => {
    const costs = { NL: { costs: 35, currency: 'EUR' } };
    expect(messageMoneyPrice(costs, 'NL')).toEqual({ costs: 35, currency: 'EUR' });
    expect(messageMoneyPrice(costs, 'DE')).toBeNull();
    expect(messageMoneyPrice(costs, null)).toBeNull();
  });

  it('has at least 12 gifts with distinct codes and artwork', () => {
    expect(GIFTS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(GIFT_CODES).size).toBe(GIFTS.length);
    expect(new Set(GIFTS.map((gift) => gift.emoji)).size).toBe(GIFTS.length);
    expect(giftByCode('rose')?.emoji).toBe('1f339');
    expect(giftByCode('nope')).toBeUndefined();
  });
});
