import { describe, expect, it } from 'vitest';
import { TIME_BONUS_QUERY_KEY } from '../time-bonus/time-bonus';
import { WELCOME_DISCOUNT_QUERY_KEY } from './applied-discount';

describe('the applied discount', () => {
  it("reads the time bonus's own answer (one welcome discount call per member, shared with the banner)", () => {
    expect(WELCOME_DISCOUNT_QUERY_KEY).toEqual(TIME_BONUS_QUERY_KEY);
  });
});
