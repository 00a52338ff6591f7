/**
 * What the blocks feature does when other features' facts change (decision 021). Registered
 * once at app start (its module.ts).
 */
import type { DomainEvents } from '../../infra/domain-events';
import { forgetBlocksBy } from './service';

export function handleBlockEvents(events: DomainEvents): void {
  // Blocks of the erased member's profile go with the profile (ON DELETE CASCADE); the ones the
  // member made would outlive them on the pseudonymised user row, so they go here.
  events.handleInTransaction('account.erased', 'blocks: forget whom the erased member blocked', (event, tx) =>
    forgetBlocksBy(tx, event.userId),
  );
}
