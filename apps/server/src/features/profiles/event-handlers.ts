/**
 * What the profiles feature does when other features' facts change (decision 021). Registered
 * once at app start (app.ts).
 */
import type { DomainEvents } from '../../infra/domain-events';
import { deleteProfile } from './service';

export function handleProfileEvents(events: DomainEvents): void {
  events.handleInTransaction('account.erased', "profiles: delete the erased member's profile", async (event, tx) => {
    if (event.profileId !== null) await deleteProfile(events, tx, event.profileId);
  });
}
