/**
 * The limits the profile, photo and search screens need, from the zod-free shared rules (the
 * contracts beside them would add zod to these chunks).
 */
export {
  ABOUT_MAX_LENGTH,
  CITY_MAX_LENGTH,
  MAX_INTERESTS,
  SEARCH_FIELDS,
  SEARCH_MAX_AGE,
  SEARCH_MAX_PAGE,
  SEARCH_MIN_AGE,
  type SearchField,
} from '@cupido/shared/rules/profiles';
export { PHOTO_ACCEPT, PHOTO_MAX_BYTES, PHOTO_UPLOAD_FIELD, photoLimit } from '@cupido/shared/rules/photos';
/** The traffic-source parameters search.php and member.php read (kept with the tracking code the shell loads). */
export { SEARCH_TRACKING_PARAMS as TRACKING_QUERY_PARAMS } from '../tracking/tracking';
