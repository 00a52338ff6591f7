import { z } from 'zod';
import { LOCALE_CODES } from '../rules/locales';
import { zId, zText } from './input';

/**
 * Promotions and news (issue 30, decision 043): a mail that staff write in the back office
 * ('campaigns.send') for one site and one language, sent to the members of that site and
 * language who opted in to that kind by e-mail. The contracts under /admin/api/campaigns; the
 * server checks what a contract cannot know (the site exists, the link is on its origin).
 */

/** The notification kinds staff write mails for: the marketing kinds, both off until a member opts in. */
export const CAMPAIGN_KINDS = ['promotions', 'news'] as const;
export type TCampaignKind = (typeof CAMPAIGN_KINDS)[number];

/** draft -> sending -> sent; a draft or a sending campaign can be cancelled (what is not yet sent stays unsent). */
export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent', 'cancelled'] as const;
export type TCampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_SUBJECT_MAX_LENGTH = 150;
export const CAMPAIGN_BODY_MAX_LENGTH = 10_000;
export const CAMPAIGN_BUTTON_LABEL_MAX_LENGTH = 60;
export const CAMPAIGN_LINK_MAX_LENGTH = 500;

/** Text that must hold something besides spaces, at most `max` long, trimmed. */
const filled = (max: number) => zText(max).trim().min(1, { error: 'required' });

/**
 * What staff write. The body is plain text: a blank line starts a new paragraph. The link is
 * optional and comes with its button's label; it must be an address on the site's own origin
 * (the server compares it with the site's), so a campaign cannot send members elsewhere.
 */
export const ZCampaignDraft = z
  .strictObject({
    kind: z.enum(CAMPAIGN_KINDS),
    site_id: zId(),
    language: z.enum(LOCALE_CODES),
    subject: filled(CAMPAIGN_SUBJECT_MAX_LENGTH).refine((s) => !/[\r\n]/.test(s), { error: 'one_line' }),
    body: filled(CAMPAIGN_BODY_MAX_LENGTH),
    link: zText(CAMPAIGN_LINK_MAX_LENGTH).trim().nullable().default(null),
    button_label: zText(CAMPAIGN_BUTTON_LABEL_MAX_LENGTH).trim().nullable().default(null),
  })
  .transform((draft) => ({ ...draft, link: draft.link || null, button_label: draft.button_label || null }))
  .refine((draft) => (draft.link === null) === (draft.button_label === null), {
    error: 'A link needs a button label, and a button label a link.',
    path: ['button_label'],
  });
export type TCampaignDraft = z.input<typeof ZCampaignDraft>;

export const ZCampaignCounts = z.object({
  /** Members the campaign was queued for when it was sent (for a draft: who would get it now). */
  audience: z.number().int(),
  sent: z.number().int(),
  /** Left out at send time: opted out, may no longer get mail, changed site or language. */
  skipped: z.number().int(),
  /** Not sent yet (waiting for the throttle or the member's quiet hours). */
  queued: z.number().int(),
  /** Not sent because the campaign was cancelled. */
  cancelled: z.number().int(),
});

export const ZCampaign = z.object({
  id: z.number().int(),
  kind: z.enum(CAMPAIGN_KINDS),
  site_id: z.number().int(),
  language: z.enum(LOCALE_CODES),
  subject: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  button_label: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  send_started_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  counts: ZCampaignCounts,
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignListQuery = z.object({ site_id: z.coerce.number().int().positive().max(2_147_483_647).optional() });
export const ZCampaignList = z.object({ campaigns: z.array(ZCampaign) });
export type TCampaignList = z.infer<typeof ZCampaignList>;

/** The sites staff may write for, to choose from. */
export const ZCampaignSites = z.object({ sites: z.array(z.object({ id: z.number().int(), name: z.string(), domain: z.string() })) });
export type TCampaignSites = z.infer<typeof ZCampaignSites>;

/** The mail as a member gets it (branded, in the campaign's language, with the unsubscribe footer), and who would get it now. */
export const ZCampaignPreview = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  audience: z.number().int(),
});
export type TCampaignPreview = z.infer<typeof ZCampaignPreview>;

/** The test mail went to the staff member's own address, and only there. */
export const ZCampaignTestSendAnswer = z.object({ to: z.string() });
export type TCampaignTestSendAnswer = z.infer<typeof ZCampaignTestSendAnswer>;
