import { describe, expect, it } from 'vitest';
import { INT32_MAX, INVALID_CHARACTERS, hasInvalidCharacters, zId, zInt32, zText } from './input';

describe('request input building blocks (decision 023)', () => {
  it('text: NUL bytes and lone surrogates are refused, emoji and other text kept', () => {
    expect(['a\u0000b', '\uD800', 'x\uDC00', '\uDBFF\uDBFF\uDC00\uDC00'].map(hasInvalidCharacters)).toEqual([true, true, true, true]);
    expect(['Zoë 😀', '', 'tab\tand\nnewline', '\uD83D\uDE00'].map(hasInvalidCharacters)).toEqual([false, false, false, false]);
    const issue = zText(10).safeParse('a\u0000').error?.issues[0];
    expect(issue).toMatchObject({ code: 'custom', message: INVALID_CHARACTERS, params: { code: INVALID_CHARACTERS } });
    expect(zText(3).safeParse('abcd').success).toBe(false);
  });

  it('ids are positive int4, other integers any int4', () => {
    expect([1, INT32_MAX].map((n) => zId().safeParse(n).success)).toEqual([true, true]);
    expect([0, -1, INT32_MAX + 1, 1.5].map((n) => zId().safeParse(n).success)).toEqual([false, false, false, false]);
    expect([-(INT32_MAX + 1), 0, INT32_MAX].map((n) => zInt32().safeParse(n).success)).toEqual([true, true, true]);
    expect([-(INT32_MAX + 2), INT32_MAX + 1].map((n) => zInt32().safeParse(n).success)).toEqual([false, false]);
  });
});
