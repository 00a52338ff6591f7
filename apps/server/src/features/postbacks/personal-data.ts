/**
 * The postbacks feature's part of "Download my data" (issue 31, decision 050): each conversion
 * reported about the member to the network they came from. The filled-in URL stays out: it holds
 * the network's own click ids and the opaque id derived from the member, nothing the member needs
 * to see, and the tracking values themselves are in the account part.
 */
import { asc, eq } from 'drizzle-orm';
import { postbackCalls, postbackNetworks } from '../../db/schema';
import { dataExportPart } from '../personal-data/registry';

export const conversionReportsDataPart = dataExportPart('conversion_reports', async ({ db }, userId) => {
  const rows = await db
    .select({
      network: postbackNetworks.network,
      event: postbackCalls.event,
      status: postbackCalls.status,
      createdAt: postbackCalls.createdAt,
      sentAt: postbackCalls.sentAt,
    })
    .from(postbackCalls)
    .innerJoin(postbackNetworks, eq(postbackNetworks.id, postbackCalls.networkId))
    .where(eq(postbackCalls.userId, userId))
    .orderBy(asc(postbackCalls.id));
  return rows.map((row) => ({
    network: row.network,
    event: row.event,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  }));
});
