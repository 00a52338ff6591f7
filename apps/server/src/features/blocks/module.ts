/** Blocks: members who never see each other again. */
import type { FeatureModule } from '../../app-context';
import { handleBlockEvents } from './event-handlers';
import { blockRoutes } from './routes';

export const blocksModule: FeatureModule = {
  name: 'blocks',
  handleEvents(ctx) {
    handleBlockEvents(ctx.events);
  },
  async register(app, { db, clock, events, profilesForBlocks }) {
    // Blocks is handed profiles' answers (it cannot import profiles, decision 021).
    await app.register(blockRoutes, { deps: { db, clock, events, profiles: profilesForBlocks } });
  },
};
