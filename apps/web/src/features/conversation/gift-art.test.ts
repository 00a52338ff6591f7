import { describe, expect, it } from 'vitest';
import { GIFTS } from '@cupido/shared/rules/gifts';
import { GIFT_ART } from './gift-art';
import en from './texts/en.json';

describe('gift artwork', () => {
  it('every gift of the catalogue has its Twemoji artwork, imported from its own code point, and an English name', () => {
    expect(Object.keys(GIFT_ART).sort()).toEqual(GIFTS.map((gift) => gift.code).sort());
    for (const gift of GIFTS) {
      // The file's name is its code point (fingerprinted in the build: 1f339-<hash>.svg).
      expect(GIFT_ART[gift.code], gift.code).toMatch(new RegExp(`/${gift.emoji}(-[\\w-]+)?\\.svg`));
      expect((en.gifts as Record<string, string>)[gift.code], gift.code).toEqual(expect.any(String));
    }
  });
});
