/**
 * What the photos feature does when other features' facts change (decision 021). Registered
 * once at app start (its module.ts).
 */
import type { DomainEvents } from '../../infra/domain-events';
import { deletePhotoFiles, takePhotoKeysOfProfile, type PhotoDeps } from './service';

export function handlePhotoEvents(events: DomainEvents, deps: Pick<PhotoDeps, 'storage' | 'log'>): void {
  // The rows go in the profile's transaction; the files only after its commit, so a rollback
  // never leaves rows whose files are gone.
  events.handleInTransaction('profile.deleting', 'photos: delete the photos of the profile', async (event, tx, effects) => {
    const keys = await takePhotoKeysOfProfile(tx, event.profileId);
    if (keys.length > 0) effects.afterCommit(() => deletePhotoFiles(deps, keys));
  });
}
