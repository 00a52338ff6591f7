/** Profiles: a member's own profile and the profiles they view. */
import type { FeatureModule } from '../../infra/feature-module';
import type { PersonalDataRegistry } from '../personal-data/registry';
import { profileDataPart } from './personal-data';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { DomainEvents } from '../../infra/domain-events';
import type { ActivityMarks } from './activity-port';
import type { ExistingContactSources } from './contact';
import { handleProfileEvents } from './event-handlers';
import { profileRoutes } from './routes';

/** What the feature needs from the app's context. */
export type ProfilesNeeds = {
  events: DomainEvents;
  db: Database;
  clock: Clock;
  activity: ActivityMarks;
  contactSources: ExistingContactSources;
  personalData: PersonalDataRegistry;
};

export const profilesModule: FeatureModule<ProfilesNeeds> = {
  name: 'profiles',
  contribute({ personalData }) {
    personalData.add(profileDataPart);
  },
  handleEvents(ctx) {
    handleProfileEvents(ctx.events);
  },
  async register(app, { db, clock, events, activity, contactSources }) {
    await app.register(profileRoutes, { deps: { db, clock, events, activity, contactSources } });
  },
};
