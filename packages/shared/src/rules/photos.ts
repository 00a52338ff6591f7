/**
 * Photo limits without zod (sizes, accepted formats, how many photos a member may hold), for the
 * web app's screens and the server alike.
 */
import { FREE_PHOTOS, PREMIUM_PHOTOS } from './constants';

/** Largest upload accepted, in bytes; larger files answer 413 photo_too_large. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** Largest image accepted, in pixels (width x height); more answers 400 photo_too_many_pixels. */
export const PHOTO_MAX_PIXELS = 50_000_000;
/** Longest side of the stored display size; smaller photos are not enlarged. */
export const PHOTO_DISPLAY_MAX_SIZE = 1280;
/** Width and height of the stored square thumbnail. */
export const PHOTO_THUMB_SIZE = 320;
/** Name of the multipart field that carries the file in POST /api/photos.php. */
export const PHOTO_UPLOAD_FIELD = 'photo';
/** For the file picker's `accept`: what the server can read (HEIC only where its image library decodes it). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif';

/** How many photos a member may hold: 3 for free members, 25 for premium (paid_user) members. */
export function photoLimit(paidUser: boolean): number {
  return paidUser ? PREMIUM_PHOTOS : FREE_PHOTOS;
}

export const PHOTO_STATUSES = ['pending', 'approved', 'rejected'] as const;
