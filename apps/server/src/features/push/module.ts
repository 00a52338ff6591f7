/** Web push (decision 040): browsers' subscriptions, one delivery job per browser, signed with the VAPID keys. */
import type { FeatureModule } from '../../infra/feature-module';
import type { PersonalDataRegistry } from '../personal-data/registry';
import { pushDevicesDataPart } from './personal-data';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { DomainEvents } from '../../infra/domain-events';
import type { JobDefinition, JobQueue } from '../../infra/jobs';
import type { RunMode } from '../../run-mode';
import type { PushDeliveryJob } from './delivery';
import { handlePushEvents } from './event-handlers';
import { pushRoutes } from './routes';

/** What the feature needs from the app's context. */
export type PushNeeds = {
  events: DomainEvents;
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  push: { deliveryJob: JobDefinition<PushDeliveryJob> };
  mode: RunMode;
  personalData: PersonalDataRegistry;
};

export const pushModule: FeatureModule<PushNeeds> = {
  name: 'push',
  contribute({ personalData }) {
    personalData.add(pushDevicesDataPart);
  },
  handleEvents(ctx) {
    handlePushEvents(ctx.events);
  },
  async register(app, { db, clock, jobs, push, mode }) {
    jobs.register(push.deliveryJob);
    await app.register(pushRoutes, { deps: { db, clock, production: mode === 'production' } });
  },
};
