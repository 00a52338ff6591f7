/** Photos: the member's own photos, and their files deleted after a deleted profile's commit. */
import type { FeatureModule } from '../../app-context';
import { handlePhotoEvents } from './event-handlers';
import { photoRoutes } from './routes';

export const photosModule: FeatureModule = {
  name: 'photos',
  handleEvents({ events, storage, log }) {
    handlePhotoEvents(events, { storage, log });
  },
  async register(app, { db, storage, limiter, log }) {
    await app.register(photoRoutes, { deps: { db, storage, limiter, log } });
  },
};
