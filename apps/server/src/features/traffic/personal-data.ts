/**
 * The traffic feature's part of "Download my data" (issue 31, decision 054): where the member's
 * signup came from as the figures count it, and when the activation and first purchase were counted.
 */
import { eq } from 'drizzle-orm';
import { trafficMembers } from '../../db/schema';
import { dataExportPart } from '../personal-data/registry';

export const trafficSourceDataPart = dataExportPart('traffic_source', async ({ db }, userId) => {
  const [row] = await db.select().from(trafficMembers).where(eq(trafficMembers.userId, userId));
  if (!row) return null;
  return {
    landing_page: row.landingPage,
    network: row.network,
    sub1: row.sub1,
    signup_day: row.signupDay,
    activation_counted_at: row.activatedAt?.toISOString() ?? null,
    first_purchase_counted_at: row.firstPaidAt?.toISOString() ?? null,
  };
});
