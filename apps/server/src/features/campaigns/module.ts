/** Promotions and news (decision 043): staff write them in the back office; one job per batch of the audience, throttled per site. */
import type { FeatureModule } from '../../app-context';
import { CAMPAIGN_MAILS_PER_MINUTE, campaignDelivery } from './delivery';
import { handleCampaignEvents } from './event-handlers';
import { campaignRoutes } from './routes';

export const campaignsModule: FeatureModule = {
  name: 'campaigns',
  handleEvents(ctx) {
    handleCampaignEvents(ctx.events);
  },
  async register(app, { db, clock, mailer, push, jobs, sites, publicOrigin, limiter, config }) {
    const mailsPerMinute = config.campaignMailsPerMinute ?? CAMPAIGN_MAILS_PER_MINUTE;
    const deps = { db, clock, mailer, push, jobs, sites, publicOrigin, limiter, mailsPerMinute };
    const delivery = campaignDelivery(deps);
    jobs.register(delivery.batch);
    jobs.register(delivery.resume);
    await app.register(campaignRoutes, { deps, delivery });
  },
};
