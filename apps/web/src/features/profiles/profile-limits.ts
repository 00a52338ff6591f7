/**
 * The limits of the profile, photo and search calls that the screens need, without zod: the
 * shared contracts (`@cupido/shared/profiles`, `/photos`) define them next to their zod schemas,
 * and importing a value from there would add zod to these chunks. profile-limits.test.ts keeps
 * every value equal to the shared one.
 */
import { FREE_PHOTOS, PREMIUM_PHOTOS } from '@cupido/shared/constants';

export const CITY_MAX_LENGTH = 100;
export const ABOUT_MAX_LENGTH = 2000;
export const MAX_INTERESTS = 20;

export const SEARCH_MIN_AGE = 18;
export const SEARCH_MAX_AGE = 99;
export const SEARCH_MAX_PAGE = 500;
export const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
/** The traffic-source parameters search.php and member.php read (kept with the tracking code the shell loads). */
export { SEARCH_TRACKING_PARAMS as TRACKING_QUERY_PARAMS } from '../tracking/tracking';

export const PHOTO_UPLOAD_FIELD = 'photo';
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif';

/** How many photos a member may hold: 3 for free members, 25 for premium (paid_user) members. */
export function photoLimit(paidUser: boolean): number {
  return paidUser ? PREMIUM_PHOTOS : FREE_PHOTOS;
}
