/**
 * The rules of liking (spec sections 4, 6, 8 and 9), as pure functions the server and the web
 * app share: the state between two members, the free members' daily limit, and the member's
 * local day that limit counts in (next local midnight for the countdown).
 */

/** Free members give at most this many Likes a day, swipes included (spec section 9). */
export const FREE_DAILY_LIKES = 4;

/** The state between two members, from the two directions of liking (spec section 4). */
export const LIKE_STATES = ['none', 'liked', 'liked_you', 'match'] as const;
export type LikeState = (typeof LIKE_STATES)[number];

export function likeStateOf(likedByMe: boolean, likedMe: boolean): LikeState {
  if (likedByMe && likedMe) return 'match';
  if (likedByMe) return 'liked';
  return likedMe ? 'liked_you' : 'none';
}

/** Likes a member may still give today: null means unlimited (premium). Unliking gives none back. */
export function likesLeftToday(givenToday: number, paidUser: boolean): number | null {
  if (paidUser) return null;
  return Math.max(0, FREE_DAILY_LIKES - Math.max(0, givenToday));
}

export function isLikeLimitReached(givenToday: number, paidUser: boolean): boolean {
  return likesLeftToday(givenToday, paidUser) === 0;
}

/** Whether `timeZone` is an IANA zone this runtime knows (what the browser reports, e.g. Europe/Amsterdam). */
export function isKnownTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > TIME_ZONE_MAX_LENGTH) return false;
  // Making a formatter is the costly part of a like's day rule; the runtime's zones are a few hundred.
  if (knownTimeZones.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    knownTimeZones.add(timeZone);
    return true;
  } catch {
    return false;
  }
}
const knownTimeZones = new Set<string>();

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date and time in `timeZone` at `instant`, as numbers. */
function wallClock(instant: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetMs(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant the wall clock of `timeZone` shows 00:00 on the given local date. Where a
 * daylight-saving change skips midnight, the first instant of that day.
 */
function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  // Two rounds settle the offset even when midnight sits next to a daylight-saving change.
  let guess = wall - offsetMs(new Date(wall), timeZone);
  guess = wall - offsetMs(new Date(guess), timeZone);
  const local = wallClock(new Date(guess), timeZone);
  if (local.day !== day) {
    // Midnight does not exist that day (clocks jumped over it): the day starts at the jump.
    guess += 3600_000;
  }
  return new Date(guess);
}

/** The member's local day around `now`: [start, end) as instants, for counting today's likes. */
export function localDayOf(now: Date, timeZone: string): { start: Date; end: Date } {
  // Every instant of a local day has that day's bounds: the last answer per zone serves until it ends.
  const known = lastDayOf.get(timeZone);
  if (known && known.start.getTime() <= now.getTime() && now.getTime() < known.end.getTime())
    return { start: new Date(known.start), end: new Date(known.end) };
  const day = computeLocalDay(now, timeZone);
  lastDayOf.set(timeZone, day);
  return { start: new Date(day.start), end: new Date(day.end) };
}
const lastDayOf = new Map<string, { start: Date; end: Date }>();

function computeLocalDay(now: Date, timeZone: string): { start: Date; end: Date } {
  const today = wallClock(now, timeZone);
  const start = localMidnight(today.year, today.month, today.day, timeZone);
  const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  const end = localMidnight(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCDate(), timeZone);
  return { start, end };
}

/** When the member gets new Likes: their next local midnight. */
export function nextLocalMidnight(now: Date, timeZone: string): Date {
  return localDayOf(now, timeZone).end;
}

/** The countdown after 'Please wait: ', as hours:minutes:seconds ('07:04:09'); never below zero. */
export function formatCountdown(milliseconds: number): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** Events after which a site may send auto-likes (sites.auto_like.after_events). */
export const AUTO_LIKE_EVENTS = ['activation', 'first_photo'] as const;
export type AutoLikeEvent = (typeof AUTO_LIKE_EVENTS)[number];

/** A site's auto-like rules (issue 11): stored in sites.auto_like, applied by the server's matching feature. */
export interface AutoLikeRules {
  enabled: boolean;
  /** At most this many auto-likes in the member's local day. */
  max_per_day: number;
  /** At least this many minutes between two auto-likes of one member. */
  min_minutes_between: number;
  /** Only once the member has passed all of these events. */
  after_events: AutoLikeEvent[];
}

export const DEFAULT_AUTO_LIKE_RULES: AutoLikeRules = {
  enabled: true,
  max_per_day: 2,
  min_minutes_between: 30,
  after_events: ['activation'],
};

/** The zone a site counts days in until a member's browser tells theirs. */
export const DEFAULT_SITE_TIME_ZONE = 'Europe/Amsterdam';
/** Longest IANA zone name stored (the longest real one has 32 characters). */
export const TIME_ZONE_MAX_LENGTH = 64;

/** Where a like was given: the swipe game's refusal text differs from the others' (spec section 8). */
export const LIKE_SOURCES = ['profile', 'search', 'related', 'likes', 'swipe', 'match_finder', 'signup_matches', 'modal'] as const;

export const LIKES_PAGE_TYPES = ['liked', 'liked-by', 'matches'] as const;
export type LikesPageType = (typeof LIKES_PAGE_TYPES)[number];
export const LIKES_PER_PAGE = 24;

/** Match finder age groups (spec section 9). */
export const MATCH_FINDER_AGE_GROUPS = ['18-35', '35+'] as const;
export type MatchFinderAgeGroup = (typeof MATCH_FINDER_AGE_GROUPS)[number];

/** Whether a value read from a link names one of the match finder's age groups. */
export function isMatchFinderAgeGroup(value: string | null | undefined): value is MatchFinderAgeGroup {
  return (MATCH_FINDER_AGE_GROUPS as readonly (string | null | undefined)[]).includes(value);
}
