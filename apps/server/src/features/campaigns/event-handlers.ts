/**
 * What the campaigns feature does when other features' facts change (decision 021), in the
 * publisher's transaction. Registered once at app start (its module.ts).
 *
 * - account.erased: which campaigns were mailed to the member goes with the account (the user
 *   row stays pseudonymised, so its cascade would not remove the rows).
 */
import { eq } from 'drizzle-orm';
import { campaignRecipients } from '../../db/schema';
import type { DomainEvents } from '../../infra/domain-events';

export function handleCampaignEvents(events: DomainEvents): void {
  events.handleInTransaction('account.erased', "campaigns: delete the erased member's campaign rows", async (event, tx) => {
    await tx.delete(campaignRecipients).where(eq(campaignRecipients.userId, event.userId));
  });
}
