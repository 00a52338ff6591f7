/**
 * The notification jobs, as the feature's module.ts registers them: the scan each minute, and the mail and the
 * push it queues per member and piece of news (delivery.ts, push-notification.ts).
 */
import type { JobDefinition } from '../../infra/jobs';
import {
  NOTIFICATION_MAIL_JOB,
  NOTIFICATION_SCAN_JOB,
  scanForNotifications,
  sendNotificationMail,
  type NotificationDeps,
  type NotificationMailJob,
} from './delivery';
import { NOTIFICATION_PUSH_JOB, sendNotificationPush } from './push-notification';

/** Mails and pushes wait on the SMTP server and the push service: a few at once per process (jobs.ts, concurrency). */
export const NOTIFICATION_JOB_CONCURRENCY = 4;
/** Each worker takes this many at once (jobs.ts, batchSize): a mail's work is a few milliseconds, as long as its fetch. */
export const NOTIFICATION_JOB_BATCH = 8;

export function notificationJobs(deps: NotificationDeps): {
  scan: JobDefinition;
  mail: JobDefinition<NotificationMailJob>;
  push: JobDefinition<NotificationMailJob>;
} {
  const mail: JobDefinition<NotificationMailJob> = {
    name: NOTIFICATION_MAIL_JOB,
    concurrency: NOTIFICATION_JOB_CONCURRENCY,
    batchSize: NOTIFICATION_JOB_BATCH,
    run: (data) => sendNotificationMail(deps, mail, data),
  };
  const push: JobDefinition<NotificationMailJob> = {
    name: NOTIFICATION_PUSH_JOB,
    concurrency: NOTIFICATION_JOB_CONCURRENCY,
    batchSize: NOTIFICATION_JOB_BATCH,
    run: (data) => sendNotificationPush(deps, push, data),
  };
  const scan: JobDefinition = {
    name: NOTIFICATION_SCAN_JOB,
    cron: '* * * * *',
    run: async () => void (await scanForNotifications(deps, { mail, push })),
  };
  return { scan, mail, push };
}
