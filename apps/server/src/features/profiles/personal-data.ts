/**
 * The profiles feature's part of "Download my data": the member's own profile, as they edit it,
 * with gender, orientation, whom they look for, the location cell and the activity setting
 * (decision 036). Erasure deletes the whole row (profiles/event-handlers.ts).
 */
import { dataExportPart } from '../personal-data/registry';
import { ownProfile } from './service';

export const profileDataPart = dataExportPart('profile', async ({ db, profileId, now }) =>
  profileId === null ? null : ownProfile({ db, clock: () => now }, profileId),
);
