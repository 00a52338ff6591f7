/**
 * The gifts' artwork: Twemoji graphics (@twemoji/svg; graphics CC-BY 4.0 by Twitter, Inc and other
 * contributors, see the README), imported as URLs so the build fingerprints them (small ones are
 * inlined). The catalogue (packages/shared/src/gifts.ts) names each by its code point; a test checks
 * that every gift has its artwork here.
 */
import type { GiftCode } from '@cupido/shared/gifts';
import rose from '@twemoji/svg/1f339.svg';
import bouquet from '@twemoji/svg/1f490.svg';
import sunflower from '@twemoji/svg/1f33b.svg';
import chocolate from '@twemoji/svg/1f36b.svg';
import cake from '@twemoji/svg/1f382.svg';
import iceCream from '@twemoji/svg/1f366.svg';
import cherries from '@twemoji/svg/1f352.svg';
import coffee from '@twemoji/svg/2615.svg';
import wine from '@twemoji/svg/1f377.svg';
import champagne from '@twemoji/svg/1f37e.svg';
import teddyBear from '@twemoji/svg/1f9f8.svg';
import loveLetter from '@twemoji/svg/1f48c.svg';
import kiss from '@twemoji/svg/1f48b.svg';
import star from '@twemoji/svg/1f31f.svg';
import present from '@twemoji/svg/1f381.svg';
import ring from '@twemoji/svg/1f48d.svg';

export const GIFT_ART: Record<GiftCode, string> = {
  rose,
  bouquet,
  sunflower,
  chocolate,
  cake,
  ice_cream: iceCream,
  cherries,
  coffee,
  wine,
  champagne,
  teddy_bear: teddyBear,
  love_letter: loveLetter,
  kiss,
  star,
  present,
  ring,
};

/** The code point each artwork was imported from (checked against the catalogue by the test). */
export const GIFT_ART_EMOJI: Record<GiftCode, string> = {
  rose: '1f339',
  bouquet: '1f490',
  sunflower: '1f33b',
  chocolate: '1f36b',
  cake: '1f382',
  ice_cream: '1f366',
  cherries: '1f352',
  coffee: '2615',
  wine: '1f377',
  champagne: '1f37e',
  teddy_bear: '1f9f8',
  love_letter: '1f48c',
  kiss: '1f48b',
  star: '1f31f',
  present: '1f381',
  ring: '1f48d',
};
