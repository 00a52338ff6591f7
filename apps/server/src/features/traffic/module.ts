/** Traffic (issue 31, decision 054): visits and sources, and the figures operators pay affiliates by. */
import type { FeatureModule } from '../../app-context';
import { handleTrafficEvents } from './event-handlers';
import { trafficRoutes } from './routes';
import { trafficFigureRoutes } from './admin-routes';

export const trafficModule: FeatureModule = {
  name: 'traffic',
  handleEvents(ctx) {
    // Signups, activations and purchases counted per source and day.
    handleTrafficEvents(ctx.events, ctx.clock);
  },
  async register(app, ctx) {
    await app.register(trafficRoutes, { deps: { db: ctx.db, clock: ctx.clock, limiter: ctx.limiter } });
    await app.register(trafficFigureRoutes, { deps: ctx });
  },
};
