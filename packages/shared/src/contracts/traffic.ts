import { z } from 'zod';
import { ZTracking } from './accounts';

/**
 * Bounce logging (spec sections 2 and 7; issue 31): a page opened with `lb` in its query logs its
 * visit (POST /api/page-visit.php); when it becomes hidden, an empty JSON body sent as a beacon
 * (POST /api/page-hidden.php) records when the visitor left, so the traffic figures can count
 * bounces. The visit's traffic source is sent, and kept, only with the ad-tracking consent.
 */

export const ZPageVisitRequest = z.object({
  path: z
    .string()
    .max(2000)
    .meta({ description: "The page's path (no query); cut to 200 characters, a path that does not start with / is refused" }),
  tracking: ZTracking.optional().meta({
    description: 'The traffic source (network, ref, sub1-3), only when the visitor accepted ad tracking',
  }),
});
export type TPageVisitRequest = z.input<typeof ZPageVisitRequest>;

/** POST /api/page-source.php: the visit's traffic source, sent once the visitor accepts ad tracking. */
export const ZPageSourceRequest = z.object({
  tracking: ZTracking.meta({ description: 'The traffic source (network, ref, sub1-3); cleaned, unknown keys dropped' }),
});

/** POST /api/page-hidden.php: the beacon's body is an empty JSON object; the visit comes from its cookie. */
export const ZPageHiddenRequest = z.looseObject({});

/** Page visits one address may log per hour (a person opens a few landers, not hundreds). */
export const PAGE_VISITS_PER_IP_PER_HOUR = 120;
/** The cookie that ties a page-hidden beacon (and a later source) to its visit: a random token, sent only to the API. */
export const PAGE_VISIT_COOKIE = 'page_visit';
