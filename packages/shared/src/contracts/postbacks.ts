import { z } from 'zod';
import { POSTBACK_CALL_STATUSES, POSTBACK_EVENTS, POSTBACK_NETWORK_MAX, POSTBACK_URL_MAX } from '../rules/postbacks';
import { zId, zText } from './input';

/**
 * Contracts of conversion postbacks in the back office (issue 31, decision 050): a site's affiliate
 * networks with their URL templates, and the log of the calls made to them. The template checks
 * are zod-free in shared/rules/postbacks.ts (the back office's form uses them too).
 */

/** A network of a site: the `network` tracking value it answers to and the URL called on each event. */
export const ZPostbackNetwork = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  network: z.string(),
  url_template: z.string(),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPostbackNetwork = z.infer<typeof ZPostbackNetwork>;

/** GET /admin/api/postback-networks: the networks (of one site or all) and the sites to choose from. */
export const ZPostbackNetworkList = z.object({
  networks: z.array(ZPostbackNetwork),
  sites: z.array(z.object({ id: z.number().int(), name: z.string(), domain: z.string() })),
});
export type TPostbackNetworkList = z.infer<typeof ZPostbackNetworkList>;

export const ZPostbackNetworkQuery = z.object({
  site_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** Changing a network: its name, template and whether calls are made; the service trims and checks each. */
export const ZPostbackNetworkChange = z.object({
  network: zText(POSTBACK_NETWORK_MAX * 2).meta({
    description: `The \`network\` tracking value it matches, up to ${POSTBACK_NETWORK_MAX} characters`,
  }),
  url_template: zText(POSTBACK_URL_MAX * 2).meta({
    description: 'https URL with placeholders such as {ref}, {sub1}, {event}, {amount}, {user}',
  }),
  enabled: z.boolean(),
});
export type TPostbackNetworkChange = z.infer<typeof ZPostbackNetworkChange>;

/** POST /admin/api/postback-networks: a new network of `site_id`. */
export const ZPostbackNetworkCreate = ZPostbackNetworkChange.extend({
  site_id: zId(),
});
export type TPostbackNetworkCreate = z.infer<typeof ZPostbackNetworkCreate>;

export const ZPostbackNetworkAnswer = z.object({ network: ZPostbackNetwork });
export const ZPostbackNetworkDeleted = z.object({
  id: z.number().int(),
  deleted: z.literal(true),
});

/** One call to a network, as the back office's log shows it. */
export const ZPostbackCall = z.object({
  id: z.number().int(),
  network_id: z.number().int(),
  network: z.string(),
  site_id: z.number().int(),
  event: z.enum(POSTBACK_EVENTS),
  url: z.string(),
  status: z.enum(POSTBACK_CALL_STATUSES),
  attempts: z.number().int(),
  answer_status: z.number().int().nullable(),
  /** The first 500 characters of the answer (or why there was none: a timeout, a refused address). */
  answer_body: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type TPostbackCall = z.infer<typeof ZPostbackCall>;

/** How many calls one page of the log shows. */
export const POSTBACK_CALLS_PAGE = 50;

export const ZPostbackCallQuery = z.object({
  site_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  network_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TPostbackCallQuery = z.input<typeof ZPostbackCallQuery>;

/** GET /admin/api/postback-calls: newest first, a page at a time. */
export const ZPostbackCallLog = z.object({
  calls: z.array(ZPostbackCall),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type TPostbackCallLog = z.infer<typeof ZPostbackCallLog>;
