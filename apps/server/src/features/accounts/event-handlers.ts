/** What accounts does on other features' facts (decision 021). */
import { eq } from 'drizzle-orm';
import type { DomainEvents } from '../../infra/domain-events';
import { users } from '../../db/schema';

export function handleAccountEvents(events: DomainEvents): void {
  // Spec section 6: any credit purchase makes a member premium for life, in the payment's own transaction.
  events.handleInTransaction('payment.completed', 'accounts: the member is premium (paid_user) for life', async (event, tx) => {
    await tx.update(users).set({ paidUser: true }).where(eq(users.id, event.userId));
  });
  // ...after a purchase that stands: money fully given back (refund, chargeback) takes premium back
  // unless another purchase still stands.
  events.handleInTransaction(
    'payment.standing_changed',
    'accounts: premium (paid_user) follows whether a purchase stands',
    async (event, tx) => {
      await tx.update(users).set({ paidUser: event.anyPurchaseStands }).where(eq(users.id, event.userId));
    },
  );
}
