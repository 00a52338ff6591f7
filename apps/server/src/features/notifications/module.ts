/**
 * Notification mails and pushes (issue 30): a scan job reads chats' and likes' news, one mail job
 * and one push job per member and topic; unread reminders (hourly) and weekly updates (Mondays);
 * the member's settings; bounces and spam complaints from Mailgun's webhook.
 */
import { NOTIFICATION_MAIL_DELAY_SECONDS } from '@cupido/shared/rules/notifications';
import type { FeatureModule } from '../../infra/feature-module';
import type { PersonalDataRegistry } from '../personal-data/registry';
import { notificationsDataPart } from './personal-data';
import type { DomainEvents } from '../../infra/domain-events';
import type { NotificationDeps } from './delivery';
import { notificationJobs } from './jobs';
import { handleNotificationEvents } from './event-handlers';
import { notificationRoutes } from './routes';
import { mailEventJob, mailEventRoutes } from './bounces';
import { unreadReminderJobs } from './reminders';
import { weeklyUpdateJobs } from './weekly-updates';

/** What the feature needs from the app's context. */
export type NotificationsNeeds = Omit<NotificationDeps, 'delaySeconds'> & {
  events: DomainEvents;
  config: { notificationMailDelaySeconds?: number; mailgunWebhookSigningKey?: string };
  personalData: PersonalDataRegistry;
};

export const notificationsModule: FeatureModule<NotificationsNeeds> = {
  name: 'notifications',
  contribute({ personalData }) {
    personalData.add(notificationsDataPart);
  },
  handleEvents(ctx) {
    handleNotificationEvents(ctx.events);
  },
  async register(app, { events, db, clock, mailer, jobs, sites, publicOrigin, push, config }) {
    const delaySeconds = config.notificationMailDelaySeconds ?? NOTIFICATION_MAIL_DELAY_SECONDS;
    const deps = { db, clock, mailer, jobs, sites, publicOrigin, delaySeconds, push };
    const notifications = notificationJobs(deps);
    const reminders = unreadReminderJobs(deps);
    const weekly = weeklyUpdateJobs(deps);
    jobs.register(notifications.scan);
    jobs.register(notifications.mail);
    jobs.register(notifications.push);
    jobs.register(reminders.scan);
    jobs.register(reminders.reminder);
    jobs.register(weekly.scan);
    jobs.register(weekly.update);
    await app.register(notificationRoutes, { deps, events });
    // Bounces and spam complaints: mails stop for the address at once.
    const mailEventDeps = { db, clock, jobs, signingKey: config.mailgunWebhookSigningKey, events };
    const mailEvents = mailEventJob(mailEventDeps);
    jobs.register(mailEvents);
    await app.register(mailEventRoutes, { deps: mailEventDeps, job: mailEvents });
  },
};
