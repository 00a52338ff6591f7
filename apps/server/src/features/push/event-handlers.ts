/**
 * What the push feature does when other features' facts change (decision 021), in the
 * publisher's transaction. Registered once at app start (its module.ts).
 *
 * - account.erased: the member's browsers get no push any more and their subscriptions go (the
 *   user row stays pseudonymised, so its cascade would not remove them).
 */
import { eq } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema';
import type { DomainEvents } from '../../infra/domain-events';

export function handlePushEvents(events: DomainEvents): void {
  events.handleInTransaction('account.erased', "push: delete the erased member's push subscriptions", async (event, tx) => {
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, event.userId));
  });
}
