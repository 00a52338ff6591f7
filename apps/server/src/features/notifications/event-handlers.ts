/**
 * What the notifications feature does when other features' facts change (decision 021), in the
 * publisher's transaction. Registered once at app start (its module.ts).
 *
 * - account.erased: the member's preferences and what they were mailed about go with the account.
 */
import { eq } from 'drizzle-orm';
import { notificationPreferences, notificationTopics } from '../../db/schema';
import type { DomainEvents } from '../../infra/domain-events';

export function handleNotificationEvents(events: DomainEvents): void {
  events.handleInTransaction('account.erased', 'notifications: delete the preferences and mailed topics', async (event, tx) => {
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, event.userId));
    await tx.delete(notificationTopics).where(eq(notificationTopics.userId, event.userId));
  });
}
