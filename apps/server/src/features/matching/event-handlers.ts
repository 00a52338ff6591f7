/**
 * What matching does when other features' facts change (decision 021). Registered once at app
 * start (its module.ts).
 */
import { eq } from 'drizzle-orm';
import { autoLikes } from '../../db/schema';
import type { DomainEvents } from '../../infra/domain-events';

export function handleMatchingEvents(events: DomainEvents): void {
  // The auto-likes log names the member's account, which erasure pseudonymises and keeps: the
  // log would outlive the member there, so it goes with the erasure (the likes go with the profile).
  events.handleInTransaction('account.erased', 'matching: forget the auto-likes sent to the erased member', async (event, tx) => {
    await tx.delete(autoLikes).where(eq(autoLikes.userId, event.userId));
  });
}
