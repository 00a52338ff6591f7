/**
 * The slug of /members/{id}/landing2/{slug} and /landing3/{slug}: a theme word that picks the
 * headline and the accent of the page. An unknown or missing slug falls back to the default theme
 * (the page itself stays, as an unknown lander slug falls back to the lander without it).
 */
export const LANDING_THEMES = ['default', 'romance', 'flirt', 'night'] as const;
export type LandingTheme = (typeof LANDING_THEMES)[number];

export function landingTheme(slug: string | undefined): LandingTheme {
  const word = (slug ?? '').trim().toLowerCase();
  return (LANDING_THEMES as readonly string[]).includes(word) ? (word as LandingTheme) : 'default';
}

/** The four designs of the spec's member sub-screens. */
export type LandingVariant = 'landing' | 'signup' | 'landing2' | 'landing3';

/** A profile id as member.php takes it: 1 to 9 digits, not 0. Anything else is the 404 page at once. */
export function isProfileId(id: string | undefined): id is string {
  return !!id && /^\d{1,9}$/.test(id) && Number(id) > 0;
}
