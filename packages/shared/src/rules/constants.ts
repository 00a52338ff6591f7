/** Business constants and timings of spec section 9 that the code uses, in one place for server and web (the chats, likes and badge numbers come with their features). */
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5_000;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const FREE_PHOTOS = 3;
export const PREMIUM_PHOTOS = 25;
export const REACTIVATION_WINDOW_DAYS = 14;
export const AUTH_COOKIE_PREFIX = 'auth';
export const AUTH_COOKIE_MAX_AGE_DAYS = 30;
export const GEOLOCATION_MAXIMUM_AGE_MS = 3_600_000;
export const ENTRY_WARNING_STORAGE_KEY = 'site-entry-warning-dismissed';
/** Welcome discount (spec sections 1 and 9): code TIMEBONUS25, 25 percent, 4 hours after signup. */
export const WELCOME_DISCOUNT_PERCENT = 25;
/** The spec's claim for premium members: a 46% higher chance to match. */
export const PREMIUM_MATCH_CHANCE_PERCENT = 46;
