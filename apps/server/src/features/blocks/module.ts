/** Blocks: members who never see each other again. */
import type { FeatureModule } from '../../infra/feature-module';
import type { PersonalDataRegistry } from '../personal-data/registry';
import { blocksDataPart } from './personal-data';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { DomainEvents } from '../../infra/domain-events';
import type { ProfilesForBlocks } from './service';
import { handleBlockEvents } from './event-handlers';
import { blockRoutes } from './routes';

/** What the feature needs from the app's context. */
export type BlocksNeeds = {
  events: DomainEvents;
  db: Database;
  clock: Clock;
  profilesForBlocks: ProfilesForBlocks;
  personalData: PersonalDataRegistry;
};

export const blocksModule: FeatureModule<BlocksNeeds> = {
  name: 'blocks',
  contribute({ personalData, profilesForBlocks }) {
    // Blocks is handed profiles' answers (it cannot import profiles, decision 021).
    personalData.add(blocksDataPart(profilesForBlocks));
  },
  handleEvents(ctx) {
    handleBlockEvents(ctx.events);
  },
  async register(app, { db, clock, events, profilesForBlocks }) {
    // Blocks is handed profiles' answers (it cannot import profiles, decision 021).
    await app.register(blockRoutes, { deps: { db, clock, events, profiles: profilesForBlocks } });
  },
};
