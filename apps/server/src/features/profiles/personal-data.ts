/** The profiles feature's part of "Download my data": the member's own profile, as they edit it. */
import { registerDataExportPart } from '../personal-data/registry';
import { ownProfile } from './service';

registerDataExportPart('profile', async ({ db, profileId, now }) => (profileId === null ? null : ownProfile({ db, clock: () => now }, profileId)));
