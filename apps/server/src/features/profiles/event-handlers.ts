/**
 * What the profiles feature does when other features' facts change (decision 021). Registered
 * once at app start (its module.ts).
 */
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { DomainEvents } from '../../infra/domain-events';
import { deleteProfile } from './service';

export function handleProfileEvents(events: DomainEvents): void {
  events.handleInTransaction('account.erased', "profiles: delete the erased member's profile", async (event, tx) => {
    if (event.profileId !== null) await deleteProfile(events, tx, event.profileId);
  });
  // The withdrawal holds the member's account lock, which a profile save takes before it reads
  // the consent (updateOwnProfile): a save either went first and is cleared here, or waits and
  // then refuses a sexuality. Whom the member looks for goes too: with the gender it reveals the
  // orientation (GDPR art. 9, decision 036).
  events.handleInTransaction(
    'account.orientation_consent_withdrawn',
    'profiles: clear the sexuality and looking-for without consent',
    async (event, tx) => {
      await tx.update(profiles).set({ sexuality: null, lookingForGender: null }).where(eq(profiles.id, event.profileId));
    },
  );
}
