/** Photos: the member's own photos, and their files deleted after a deleted profile's commit. */
import type { FeatureModule } from '../../infra/feature-module';
import type { PersonalDataRegistry } from '../personal-data/registry';
import { photosDataPart } from './personal-data';
import type { Database } from '../../db/open';
import type { DomainEvents } from '../../infra/domain-events';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { PhotoStorage } from '../../infra/photo-storage';
import type { FastifyBaseLogger } from 'fastify';
import { handlePhotoEvents } from './event-handlers';
import { photoRoutes } from './routes';

/** What the feature needs from the app's context. */
export type PhotosNeeds = {
  events: DomainEvents;
  db: Database;
  storage: PhotoStorage;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  personalData: PersonalDataRegistry;
};

export const photosModule: FeatureModule<PhotosNeeds> = {
  name: 'photos',
  contribute({ personalData }) {
    personalData.add(photosDataPart);
  },
  handleEvents({ events, storage, log }) {
    handlePhotoEvents(events, { storage, log });
  },
  async register(app, { db, events, storage, limiter, log }) {
    await app.register(photoRoutes, { deps: { db, events, storage, limiter, log } });
  },
};
