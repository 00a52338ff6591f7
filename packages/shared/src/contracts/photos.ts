import { z } from 'zod';

/**
 * Member photos (issue 4): upload, list, choose the main photo, delete. The server decodes every
 * upload, strips its metadata and stores a display size and a square thumbnail; a new photo
 * waits for moderation ('pending') until approved.
 */

import { PHOTO_STATUSES } from '../rules/photos';
import { INT32_MAX } from './input';

export const ZPhotoStatus = z.enum(PHOTO_STATUSES).meta({ description: "Moderation status; only 'approved' photos are shown to others" });
export type TPhotoStatus = z.infer<typeof ZPhotoStatus>;

export const ZPhoto = z.object({
  id: z.number().int(),
  filename: z.string().meta({ description: 'Storage key of the display size (max 1280 px, JPEG)' }),
  thumb_filename: z.string().meta({ description: 'Storage key of the 320 x 320 thumbnail (JPEG)' }),
  url: z.string().meta({ description: "The display size under the site's cdn_prefix" }),
  thumb_url: z.string().meta({ description: "The thumbnail under the site's cdn_prefix" }),
  status: ZPhotoStatus,
  is_main: z.boolean(),
});
export type TPhoto = z.infer<typeof ZPhoto>;

/** The member's own photos in upload order, with how many they may hold. */
export const ZPhotosAnswer = z.object({
  photos: z.array(ZPhoto),
  limit: z.number().int().meta({ description: 'Most photos this member may hold (3 free, 25 premium)' }),
});
export type TPhotosAnswer = z.infer<typeof ZPhotosAnswer>;

/** Answer of an upload: the new photo and the whole list after it. */
export const ZPhotoUploadAnswer = ZPhotosAnswer.extend({ photo: ZPhoto });
export type TPhotoUploadAnswer = z.infer<typeof ZPhotoUploadAnswer>;

/** Answer of a deletion: the spec's 'Picture deleted' in the member's language and the list after it. */
export const ZPhotoDeletedAnswer = ZPhotosAnswer.extend({ message: z.string() });
export type TPhotoDeletedAnswer = z.infer<typeof ZPhotoDeletedAnswer>;

export const ZPhotoIdRequest = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) });
export type TPhotoIdRequest = z.infer<typeof ZPhotoIdRequest>;

/** Error codes of the photo calls, beyond the generic ones (authentication_required, invalid_request...). */
export const PHOTO_ERROR_CODES = [
  /** 400: the request carried no file in the `photo` field. */
  'photo_required',
  /** 413: the file is larger than PHOTO_MAX_BYTES. */
  'photo_too_large',
  /** 400: not an image, or damaged (e.g. truncated). */
  'photo_not_an_image',
  /** 400: an image, but not JPEG, PNG, WebP or (decodable) HEIC/HEIF. */
  'photo_format_unsupported',
  /** 400: more than PHOTO_MAX_PIXELS pixels (decompression bombs included). */
  'photo_too_many_pixels',
  /** 409: the member already holds their limit (3 free, 25 premium). */
  'photo_limit_reached',
  /** 429: too many uploads in an hour. */
  'too_many_photo_uploads',
  /** 404: no such photo among the member's own. */
  'photo_not_found',
] as const;
export type PhotoErrorCode = (typeof PHOTO_ERROR_CODES)[number];
