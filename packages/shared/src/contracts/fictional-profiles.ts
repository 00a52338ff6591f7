import { z } from 'zod';
import { ZPhoto } from './photos';
import { ZProfileUpdate } from './profiles';
import { zId } from './input';

/**
 * The fictional profiles staff run (issue 13, 'fictional.manage'), under
 * /admin/api/fictional-profiles. They are fictional by construction: the server always stores
 * is_fictional = true, creates no account for them, and no call turns one into a member or a
 * member into one. The contracts are strict, so a body naming anything else (is_fictional,
 * user_id, email, password) is refused as a whole.
 */

export const FICTIONAL_PAGE_SIZE = 25;
/** A fictional profile may hold as many photos as a premium member. */
export const FICTIONAL_MAX_PHOTOS = 25;

/** What staff fill in: the member profile's fields (checked by the same rules), without the member's own settings. */
const fields = ZProfileUpdate.pick({
  name: true,
  gender: true,
  sexuality: true,
  date_of_birth: true,
  country: true,
  region: true,
  city: true,
  hair_color: true,
  eye_color: true,
  body_type: true,
  relationship_status: true,
  tattoos: true,
  signup_reason: true,
  about: true,
  interests: true,
}).shape;

export const ZFictionalProfileCreate = z.strictObject({
  ...fields,
  site_id: zId(),
  name: fields.name.unwrap(),
  gender: fields.gender.unwrap(),
  sexuality: fields.sexuality.unwrap(),
  date_of_birth: fields.date_of_birth.unwrap(),
  country: fields.country.unwrap(),
});
export type TFictionalProfileCreate = z.infer<typeof ZFictionalProfileCreate>;

/** An edit names only the fields it changes; the site stays the profile's site. */
export const ZFictionalProfileUpdate = z.strictObject(fields);
export type TFictionalProfileUpdate = z.infer<typeof ZFictionalProfileUpdate>;

export const ZFictionalListQuery = z.object({
  site_id: z.coerce.number().int().positive(),
  /** Part of the name, any case. */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TFictionalListQuery = z.infer<typeof ZFictionalListQuery>;

export const ZFictionalListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  gender: z.string().nullable(),
  country: z.string(),
  city: z.string(),
  photo_count: z.number().int(),
  /** Thumbnail of the main photo, or null. */
  main_thumb_url: z.string().nullable(),
});

export const ZFictionalList = z.object({
  profiles: z.array(ZFictionalListItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TFictionalList = z.infer<typeof ZFictionalList>;

export const ZFictionalProfile = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  /** Always true: the back office shows the badge from it. */
  is_fictional: z.literal(true),
  name: z.string(),
  gender: z.string().nullable(),
  sexuality: z.string().nullable(),
  date_of_birth: z.string(),
  age: z.number().int(),
  country: z.string(),
  region: z.string(),
  city: z.string(),
  hair_color: z.string().nullable(),
  eye_color: z.string().nullable(),
  body_type: z.string().nullable(),
  relationship_status: z.string().nullable(),
  tattoos: z.string().nullable(),
  signup_reason: z.string().nullable(),
  about: z.string(),
  interests: z.array(z.string()),
  photos: z.array(ZPhoto),
});
export type TFictionalProfile = z.infer<typeof ZFictionalProfile>;

/** GET /admin/api/fictional-profiles/sites: the sites to choose from, with the countries a profile of each may live in. */
export const ZFictionalSites = z.object({
  sites: z.array(z.object({ id: z.number().int(), name: z.string(), domain: z.string(), countries: z.array(z.string()) })),
});
export type TFictionalSites = z.infer<typeof ZFictionalSites>;
