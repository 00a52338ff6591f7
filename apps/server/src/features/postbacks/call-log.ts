/** The back office's log of calls to networks (decision 050): newest first, a page at a time, of one site or network or all. */
import { and, desc, eq } from 'drizzle-orm';
import { POSTBACK_CALLS_PAGE, type TPostbackCall, type TPostbackCallLog } from '@cupido/shared/contracts/postbacks';
import type { Database } from '../../db/open';
import { postbackCalls, postbackNetworks } from '../../db/schema';

export async function postbackCallLog(
  db: Database,
  input: { siteId?: number; networkId?: number; page: number },
): Promise<TPostbackCallLog> {
  const rows = await db
    .select({
      call: postbackCalls,
      network: postbackNetworks.network,
      siteId: postbackNetworks.siteId,
    })
    .from(postbackCalls)
    .innerJoin(postbackNetworks, eq(postbackNetworks.id, postbackCalls.networkId))
    .where(
      and(
        input.siteId === undefined ? undefined : eq(postbackNetworks.siteId, input.siteId),
        input.networkId === undefined ? undefined : eq(postbackCalls.networkId, input.networkId),
      ),
    )
    .orderBy(desc(postbackCalls.createdAt), desc(postbackCalls.id))
    .limit(POSTBACK_CALLS_PAGE + 1)
    .offset((input.page - 1) * POSTBACK_CALLS_PAGE);
  const calls: TPostbackCall[] = rows.slice(0, POSTBACK_CALLS_PAGE).map(({ call, network, siteId }) => ({
    id: call.id,
    network_id: call.networkId,
    network,
    site_id: siteId,
    event: call.event,
    url: call.url,
    status: call.status,
    attempts: call.attempts,
    answer_status: call.answerStatus,
    answer_body: call.answerBody,
    created_at: call.createdAt.toISOString(),
    last_attempt_at: call.lastAttemptAt?.toISOString() ?? null,
    sent_at: call.sentAt?.toISOString() ?? null,
  }));
  return {
    calls,
    page: input.page,
    page_size: POSTBACK_CALLS_PAGE,
    has_more: rows.length > POSTBACK_CALLS_PAGE,
  };
}
