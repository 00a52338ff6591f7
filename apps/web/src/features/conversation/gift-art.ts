/**
 * The gifts' artwork: Twemoji graphics (@twemoji/svg; graphics CC-BY 4.0 by Twitter, Inc and other
 * contributors, see the README), imported as file URLs (never inlined: sixteen data URIs would
 * double the chat chunk), fetched when a gift is shown and cached after. The catalogue
 * (packages/shared/src/rules/gifts.ts) names each by its code point; gift-art.test.ts checks that every
 * gift has its artwork here, the file of that code point.
 */
import type { GiftCode } from '@cupido/shared/rules/gifts';
import rose from '@twemoji/svg/1f339.svg?no-inline';
import bouquet from '@twemoji/svg/1f490.svg?no-inline';
import sunflower from '@twemoji/svg/1f33b.svg?no-inline';
import chocolate from '@twemoji/svg/1f36b.svg?no-inline';
import cake from '@twemoji/svg/1f382.svg?no-inline';
import iceCream from '@twemoji/svg/1f366.svg?no-inline';
import cherries from '@twemoji/svg/1f352.svg?no-inline';
import coffee from '@twemoji/svg/2615.svg?no-inline';
import wine from '@twemoji/svg/1f377.svg?no-inline';
import champagne from '@twemoji/svg/1f37e.svg?no-inline';
import teddyBear from '@twemoji/svg/1f9f8.svg?no-inline';
import loveLetter from '@twemoji/svg/1f48c.svg?no-inline';
import kiss from '@twemoji/svg/1f48b.svg?no-inline';
import star from '@twemoji/svg/1f31f.svg?no-inline';
import present from '@twemoji/svg/1f381.svg?no-inline';
import ring from '@twemoji/svg/1f48d.svg?no-inline';

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
