/**
 * What the complaints feature does when other features' facts change (decision 021). Registered
 * once at app start (its module.ts).
 */
import { eq } from 'drizzle-orm';
import { complaints } from '../../db/schema';
import type { DomainEvents } from '../../infra/domain-events';

export function handleComplaintEvents(events: DomainEvents): void {
  // A complaint stays as the record of how it was handled; the erased member's name and address
  // go (the user link goes with the account row's erasure or stays on its pseudonymised row).
  events.handleInTransaction('account.erased', "complaints: remove the erased member's name and address", async (event, tx) => {
    await tx.update(complaints).set({ name: '', email: '', userId: null }).where(eq(complaints.userId, event.userId));
  });
}
