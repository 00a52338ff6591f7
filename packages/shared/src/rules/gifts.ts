/**
 * The gift catalogue (issue 12): a gift is a chat message of kind 'gift' that costs the site's
 * gift_credits. Each gift's artwork is a Twemoji graphic (package @twemoji/svg, graphics
 * CC-BY 4.0 by Twitter, Inc and other contributors: see the README), named by its code point;
 * the web app translates the names (gifts.<code> in each locale).
 */
export const GIFTS = [
  { code: 'rose', emoji: '1f339' },
  { code: 'bouquet', emoji: '1f490' },
  { code: 'sunflower', emoji: '1f33b' },
  { code: 'chocolate', emoji: '1f36b' },
  { code: 'cake', emoji: '1f382' },
  { code: 'ice_cream', emoji: '1f366' },
  { code: 'cherries', emoji: '1f352' },
  { code: 'coffee', emoji: '2615' },
  { code: 'wine', emoji: '1f377' },
  { code: 'champagne', emoji: '1f37e' },
  { code: 'teddy_bear', emoji: '1f9f8' },
  { code: 'love_letter', emoji: '1f48c' },
  { code: 'kiss', emoji: '1f48b' },
  { code: 'star', emoji: '1f31f' },
  { code: 'present', emoji: '1f381' },
  { code: 'ring', emoji: '1f48d' },
] as const;

export type GiftCode = (typeof GIFTS)[number]['code'];
export const GIFT_CODES = GIFTS.map((gift) => gift.code) as [GiftCode, ...GiftCode[]];

export function giftByCode(code: string): (typeof GIFTS)[number] | undefined {
  return GIFTS.find((gift) => gift.code === code);
}
