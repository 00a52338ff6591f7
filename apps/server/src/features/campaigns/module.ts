/** Promotions and news (decision 043): staff write them in the back office; one job per batch of the audience, throttled per site. */
import type { FeatureModule } from '../../infra/feature-module';
import type { PersonalDataRegistry } from '../personal-data/registry';
import { campaignMailsDataPart } from './personal-data';
import type { DomainEvents } from '../../infra/domain-events';
import type { CampaignDeps } from './campaign-deps';
import { CAMPAIGN_MAILS_PER_MINUTE, campaignDelivery } from './delivery';
import { handleCampaignEvents } from './event-handlers';
import { campaignRoutes } from './routes';

/** What the feature needs from the app's context. */
export type CampaignsNeeds = Omit<CampaignDeps, 'mailsPerMinute'> & {
  events: DomainEvents;
  config: { campaignMailsPerMinute?: number };
  personalData: PersonalDataRegistry;
};

export const campaignsModule: FeatureModule<CampaignsNeeds> = {
  name: 'campaigns',
  contribute({ personalData }) {
    personalData.add(campaignMailsDataPart);
  },
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
