/**
 * Landers (spec section 2; issue 31, decision 052): the paid-traffic landing pages. Which names
 * exist, which take a slug, and what a slug selects. Zod-free: the server answers 200 or 404 by
 * it (routes.ts isServedPath) and the landers' chunk resolves its page by it.
 */

/** Landers without a slug: /landers/adultonly; a slug after them is no page (404). */
export const SLUGLESS_LANDERS = ['adultonly', 'tinderswipe', 'whoneedsstrings'] as const;
/** Landers with an optional slug: /landers/gallery and /landers/gallery/{slug}. */
export const SLUG_LANDERS = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;
export const LANDER_NAMES = [...SLUGLESS_LANDERS, ...SLUG_LANDERS] as const;
export type LanderName = (typeof LANDER_NAMES)[number];

/** Theme words a slug may name (an interest or a mood of the page); anything else falls back to the plain lander. */
export const LANDER_THEMES = ['romance', 'adventure', 'mature', 'nightlife', 'outdoors', 'travel'] as const;
export type LanderTheme = (typeof LANDER_THEMES)[number];

/** Highest profile id a slug may name (an int4 column). */
const PROFILE_ID_MAX = 2_147_483_647;

export interface ResolvedLander {
  name: LanderName;
  /** The slug's theme, or null (no slug, a profile id, or an unknown word). */
  theme: LanderTheme | null;
  /** The slug's profile id (a profile of this site is featured), or null. */
  featuredProfileId: number | null;
  /** The lander's path without an unknown slug: what a signup reports as its landing page. */
  path: string;
}

export const isLanderName = (name: string): name is LanderName => (LANDER_NAMES as readonly string[]).includes(name);
const takesSlug = (name: LanderName) => (SLUG_LANDERS as readonly string[]).includes(name);

/**
 * What /landers/{name}/{slug} shows, or null for no page (an unknown name, or a slug on a lander
 * that takes none): the 404 page. A slug is a theme word or a profile id; any other slug is
 * ignored, so a broken campaign link still lands on the plain lander.
 */
export function resolveLander(name: string, slug?: string | null): ResolvedLander | null {
  if (!isLanderName(name)) return null;
  const hasSlug = slug !== undefined && slug !== null && slug !== '';
  if (hasSlug && !takesSlug(name)) return null;
  const word = hasSlug ? slug.toLowerCase() : '';
  const theme = (LANDER_THEMES as readonly string[]).includes(word) ? (word as LanderTheme) : null;
  const id = /^[1-9]\d{0,9}$/.test(word) ? Number(word) : NaN;
  const featuredProfileId = Number.isSafeInteger(id) && id <= PROFILE_ID_MAX ? id : null;
  const known = theme ?? (featuredProfileId !== null ? String(featuredProfileId) : null);
  return { name, theme, featuredProfileId, path: `/landers/${name}${known ? `/${known}` : ''}` };
}

/** True when a browser path is a lander page (the server answers 200 for it, else 404). */
export function isLanderPathname(pathname: string): boolean {
  const match = /^\/landers\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname);
  return match !== null && resolveLander(match[1]!, match[2]) !== null;
}
