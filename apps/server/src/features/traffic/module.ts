/** Traffic (issue 31, decision 054): visits and sources, and the figures operators pay affiliates by. */
import type { FeatureModule } from '../../infra/feature-module';
import type { PersonalDataRegistry } from '../personal-data/registry';
import { trafficSourceDataPart } from './personal-data';
import type { BackOfficeDeps } from '../../back-office-deps';
import { handleTrafficEvents } from './event-handlers';
import { trafficRoutes } from './routes';
import { trafficFigureRoutes } from './admin-routes';

/** What the feature needs from the app's context. */
export type TrafficNeeds = BackOfficeDeps & { personalData: PersonalDataRegistry };

export const trafficModule: FeatureModule<TrafficNeeds> = {
  name: 'traffic',
  contribute({ personalData }) {
    personalData.add(trafficSourceDataPart);
  },
  handleEvents(ctx) {
    // Signups, activations and purchases counted per source and day.
    handleTrafficEvents(ctx.events, ctx.clock);
  },
  async register(app, ctx) {
    await app.register(trafficRoutes, { deps: { db: ctx.db, clock: ctx.clock, limiter: ctx.limiter } });
    await app.register(trafficFigureRoutes, { deps: ctx });
  },
};
