/**
 * Turning a member's mails off or on again (notifications_disabled, held by accounts) changes what
 * their logged-in view shows (the "mails are off" alert). The change and account.view_changed for
 * each account it touched go in one transaction, so the session drops the cached lookups once the
 * change committed (issue 33), not before.
 */
import type { Database } from '../../db/open';
import type { DomainEvents, Tx } from '../../infra/domain-events';

export async function changeMailState<R>(
  deps: { db: Database; events: DomainEvents },
  change: (tx: Tx) => Promise<R>,
  changedAccounts: (result: R) => readonly number[],
): Promise<R> {
  return deps.events.transaction(deps.db, async (tx) => {
    const result = await change(tx);
    for (const userId of changedAccounts(result)) await deps.events.publish(tx, { type: 'account.view_changed', userId });
    return result;
  });
}
