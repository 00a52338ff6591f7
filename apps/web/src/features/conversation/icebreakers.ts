/**
 * Icebreakers (issue 12): suggested first messages. Pure: which openers to offer, as text keys of
 * the 'conversation' namespace with their values; the modal translates them in the member's
 * language. Some are drawn from the partner's interests and place, the rest are generic.
 */

export const GENERIC_ICEBREAKERS = ['hello', 'weekend', 'travel', 'food', 'laugh', 'song', 'spontaneous', 'firstDate'] as const;
export const INTEREST_ICEBREAKERS = ['love', 'start', 'tip'] as const;
export const CITY_ICEBREAKERS = ['cityFavourite', 'cityVisit'] as const;

/**
 * Openers that lead towards meeting (a first date, coming to their city). A fictional profile is
 * never offered them: it cannot meet, and the chat says so right above (trust.md, issue 29). The
 * operator guardrails' meeting rule judges every opener a fictional profile is offered (the test).
 */
export const MEETING_ICEBREAKERS: readonly string[] = ['generic.firstDate', 'place.cityVisit'];

/** How many openers the modal offers. */
export const ICEBREAKER_COUNT = 6;
/** At most this many are about the partner's interests, so the list never reads like a questionnaire. */
export const MAX_INTEREST_ICEBREAKERS = 2;

export interface Icebreaker {
  /** A key under `icebreakers.` of the 'conversation' texts, e.g. 'interest.love'. */
  key: string;
  values: Record<string, string>;
}

export interface IcebreakerInput {
  /** The partner's first name as shown. */
  name: string;
  /** The partner's interests, already translated into the member's language. */
  interests: readonly string[];
  city?: string | null;
  /** The partner's region, translated (e.g. 'Noord-Holland'). */
  region?: string | null;
  /** Same seed, same suggestions: reopening the modal shows the list the member saw. */
  seed: number;
  /** A fictional profile: no opener that leads towards meeting. */
  fictional?: boolean;
  count?: number;
}

/** A small seeded generator (mulberry32): deterministic, so the list is stable and testable. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * About six openers: up to two about different interests of the partner (each with another
 * wording), one about their city (else their region) when known, and generic ones to fill up.
 * The personal ones come first: they are the better start.
 */
export function pickIcebreakers(input: IcebreakerInput): Icebreaker[] {
  const random = seededRandom(input.seed);
  const count = input.count ?? ICEBREAKER_COUNT;
  const picked: Icebreaker[] = [];
  const offered = (key: string) => !input.fictional || !MEETING_ICEBREAKERS.includes(key);

  const interests = shuffled([...new Set(input.interests.map((interest) => interest.trim()).filter(Boolean))], random);
  const interestWordings = shuffled(INTEREST_ICEBREAKERS, random);
  for (const [index, interest] of interests.slice(0, Math.min(MAX_INTEREST_ICEBREAKERS, interestWordings.length)).entries()) {
    picked.push({ key: `interest.${interestWordings[index]}`, values: { interest } });
  }

  const city = input.city?.trim();
  const region = input.region?.trim();
  const cityWording = city ? shuffled(CITY_ICEBREAKERS, random).find((wording) => offered(`place.${wording}`)) : undefined;
  if (city && cityWording) picked.push({ key: `place.${cityWording}`, values: { place: city } });
  else if (region) picked.push({ key: 'place.region', values: { place: region } });

  for (const key of shuffled(GENERIC_ICEBREAKERS, random)) {
    if (picked.length >= count) break;
    if (!offered(`generic.${key}`)) continue;
    picked.push({ key: `generic.${key}`, values: { name: input.name } });
  }
  return picked.slice(0, count);
}
