import { z } from 'zod';
import { ZOwnProfile } from './profiles';
import { ZOrder } from './payments';

/**
 * GET /api/personal-data.php: "Download my data" (trust.md, GDPR art. 15 and 20). Everything
 * stored about the member, one part per feature that stores it (docs/decisions/024). Secrets
 * (password hash, session and token hashes) are never part of it.
 */

export const PERSONAL_DATA_FORMAT = 'cupido-personal-data/1' as const;

const isoTime = z.string().meta({ description: 'ISO date-time' });

export const ZPersonalDataAccount = z.object({
  id: z.number().int(),
  email: z.string(),
  pending_email: z.string().nullable(),
  status: z.string(),
  language: z.string(),
  credits: z.number().int(),
  paid_user: z.boolean(),
  notifications_disabled: z.array(z.string()),
  signup_message: z.string().nullable(),
  signup_profile_id: z.number().int().nullable(),
  tracking: z
    .record(z.string(), z.string())
    .meta({ description: 'Ad-tracking parameters stored at signup (only with the ad_tracking consent)' }),
  created_at: isoTime,
  activated_at: isoTime.nullable(),
  deleted_at: isoTime.nullable(),
  delete_reason: z.string().nullable(),
  delete_remarks: z.string().nullable(),
  sessions: z
    .array(z.object({ created_at: isoTime, expires_at: isoTime }))
    .meta({ description: 'Open logins (their tokens are not included)' }),
  mail_links: z
    .array(
      z.object({
        purpose: z.string(),
        new_email: z.string().nullable(),
        created_at: isoTime,
        expires_at: isoTime,
        used_at: isoTime.nullable(),
      }),
    )
    .meta({ description: 'Links mailed to the member (their tokens are not included)' }),
});

export const ZPersonalDataConsent = z.object({
  kind: z.string(),
  version: z.string(),
  granted_at: isoTime,
  revoked_at: isoTime.nullable(),
});

export const ZPersonalDataPhoto = z.object({
  id: z.number().int(),
  url: z.string(),
  thumb_url: z.string(),
  status: z.string(),
  is_main: z.boolean(),
  uploaded_at: isoTime,
});

export const ZPersonalDataBlock = z.object({ profile_id: z.number().int(), name: z.string(), blocked_at: isoTime });

export const ZPersonalDataReport = z.object({
  id: z.number().int(),
  reported_profile_id: z.number().int(),
  photo_id: z.number().int().nullable(),
  reason: z.string(),
  text: z.string(),
  good_faith: z.boolean(),
  status: z.string(),
  created_at: isoTime,
});

/** A complaint the member filed while logged in (issue 31). */
export const ZPersonalDataComplaint = z.object({
  reference: z.string(),
  topic: z.string(),
  name: z.string(),
  email: z.string(),
  text: z.string(),
  status: z.string(),
  created_at: isoTime,
  answered_at: isoTime.nullable(),
});

/** Likes given and received, and the swipe game's passes (issue 11). */
export const ZPersonalDataLikes = z.object({
  given: z.array(z.object({ profile_id: z.number().int(), liked_at: isoTime })),
  received: z.array(z.object({ profile_id: z.number().int(), liked_at: isoTime, seen_at: isoTime.nullable() })),
  passes: z.array(z.object({ profile_id: z.number().int(), passed_at: isoTime })),
});

/**
 * The member's conversations and the messages they sent (issue 12): their own texts, gifts and
 * the storage keys of their images (the partner's messages are the partner's data).
 */
export const ZPersonalDataChats = z.object({
  conversations: z.array(
    z.object({
      id: z.number().int(),
      partner_profile_id: z.number().int(),
      started_by_me: z.boolean(),
      created_at: isoTime,
      removed_up_to: z.number().int().meta({ description: 'Messages up to this id were removed by the member' }),
      hidden: z.boolean(),
      draft: z.string().nullable(),
    }),
  ),
  messages_sent: z.array(
    z.object({
      id: z.number().int(),
      conversation_id: z.number().int(),
      kind: z.string(),
      text: z.string().nullable(),
      gift: z.string().nullable(),
      image_key: z.string().nullable(),
      credits: z.number().int(),
      sent_at: isoTime,
    }),
  ),
});

export const ZPersonalDataCreditEntry = z.object({
  created_at: isoTime,
  kind: z.string(),
  amount: z.number().int(),
  balance_after: z.number().int().nullable(),
});

/** A paid order as its receipt shows it (GET /api/orders.php), without the seller's company details. */
export const ZPersonalDataOrder = ZOrder.omit({ seller: true });

/**
 * What the site's staff keep about the member for their conversations with fictional profiles
 * (issue 15): the notes per fictional profile, and whether the member is flagged as vulnerable
 * (by signals in their messages or by staff), which brings the spending reminder.
 */
export const ZPersonalDataOperatorCare = z.object({
  vulnerability: z.object({ signals: z.array(z.string()), marked_by_staff: z.boolean(), flagged_at: isoTime }).nullable(),
  notes: z.array(z.object({ fictional_profile_id: z.number().int(), note: z.string(), updated_at: isoTime })),
});

/** The member's notification choices (issue 30) and what they were mailed about. */
export const ZPersonalDataNotifications = z.object({
  preferences: z
    .record(z.string(), z.object({ email: z.boolean(), push: z.boolean() }))
    .meta({ description: 'Every kind per channel, defaults included' }),
  changed: z.array(z.object({ kind: z.string(), channel: z.string(), enabled: z.boolean(), changed_at: isoTime })),
  mailed: z
    .array(z.object({ topic: z.string(), mailed_at: isoTime }))
    .meta({ description: 'The last mail per conversation, like or match' }),
});

/**
 * The browsers that get the member's web pushes (issue 30). The endpoint is shortened to the push
 * service and its last characters: enough to tell devices apart, not a working address.
 */
export const ZPersonalDataPushDevice = z.object({
  endpoint: z.string(),
  subscribed_at: isoTime,
  updated_at: isoTime.meta({ description: 'When the browser last sent its subscription' }),
  last_push_at: isoTime.nullable().meta({ description: 'The last push the push service accepted' }),
});

/** A promotion or news mail the member was sent, or was queued for (issue 30, decision 043). */
export const ZPersonalDataCampaignMail = z.object({
  kind: z.string(),
  subject: z.string(),
  status: z.string().meta({ description: 'queued, sent, skipped (no longer opted in or mailable when it went) or cancelled' }),
  at: isoTime.nullable().meta({ description: 'When it was sent, skipped or cancelled' }),
});

/**
 * Where the member's signup came from, as the traffic figures count it (issue 31, decision 054):
 * the landing page, and the network and sub only when the ad-tracking consent allowed them ('' for none).
 */
export const ZPersonalDataTrafficSource = z.object({
  landing_page: z.string(),
  network: z.string(),
  sub1: z.string(),
  signup_day: z.string().meta({ description: 'YYYY-MM-DD (UTC)' }),
  activation_counted_at: isoTime.nullable(),
  first_purchase_counted_at: isoTime.nullable(),
});

/** A conversion reported to the affiliate network the member came from (issue 31, decision 050). */
export const ZPersonalDataConversionReport = z.object({
  network: z.string(),
  event: z.string().meta({ description: 'signup, activation or purchase (the first one)' }),
  status: z.string().meta({ description: 'pending, sent or failed' }),
  created_at: isoTime,
  sent_at: isoTime.nullable(),
});

/** The parts, by name: each is contributed by the feature that owns the data. */
export const ZPersonalDataParts = z.object({
  account: ZPersonalDataAccount,
  consents: z.array(ZPersonalDataConsent).meta({ description: 'Every consent with its history: withdrawn ones keep their revoked_at' }),
  profile: ZOwnProfile.nullable(),
  photos: z.array(ZPersonalDataPhoto),
  blocks: z.array(ZPersonalDataBlock),
  reports: z.array(ZPersonalDataReport).meta({ description: 'Reports the member made' }),
  complaints: z.array(ZPersonalDataComplaint).meta({ description: 'Complaints the member filed while logged in' }),
  credit_history: z.array(ZPersonalDataCreditEntry),
  likes: ZPersonalDataLikes,
  chats: ZPersonalDataChats,
  orders: z.array(ZPersonalDataOrder).meta({ description: 'Paid orders with their receipts, newest first' }),
  operator_care: ZPersonalDataOperatorCare.meta({
    description: 'Notes staff keep for conversations with fictional profiles, and the vulnerability flag',
  }),
  notifications: ZPersonalDataNotifications,
  push_devices: z.array(ZPersonalDataPushDevice),
  campaign_mails: z.array(ZPersonalDataCampaignMail).meta({ description: 'Promotions and news mailed to the member, newest first' }),
  traffic_source: ZPersonalDataTrafficSource.nullable().meta({
    description: 'Where the signup came from, as the traffic figures count it',
  }),
  conversion_reports: z.array(ZPersonalDataConversionReport).meta({
    description:
      'Signup, activation and first purchase reported to the affiliate network the member came from, with the ad-tracking consent',
  }),
});
export type TPersonalDataParts = z.infer<typeof ZPersonalDataParts>;
export type PersonalDataPartName = keyof TPersonalDataParts;
export const PERSONAL_DATA_PART_NAMES = Object.keys(ZPersonalDataParts.shape) as PersonalDataPartName[];

export const ZPersonalDataExport = z
  .object({
    format: z.literal(PERSONAL_DATA_FORMAT),
    exported_at: isoTime,
    site: z.object({ name: z.string(), domain: z.string() }),
  })
  .extend(ZPersonalDataParts.shape);
export type TPersonalDataExport = z.infer<typeof ZPersonalDataExport>;

/** The download's file name: `<site>-my-data-<date>.json`, the site's name as a plain slug. */
export function personalDataFileName(siteName: string, exportedAt: Date): string {
  const slug =
    siteName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'site';
  return `${slug}-my-data-${exportedAt.toISOString().slice(0, 10)}.json`;
}
