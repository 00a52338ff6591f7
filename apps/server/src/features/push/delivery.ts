/**
 * Sending web pushes through the job queue (decision 040): a feature above push (notifications)
 * says what to tell a member; push queues one `push_delivery` job per browser of the member,
 * under an id made from the browser and the news, so each browser gets each push once however
 * many processes queue it, and a browser whose push service fails is retried alone, without
 * repeating the push to the member's other browsers.
 */
import { createHmac } from 'node:crypto';
import type { TPushMessage } from '@cupido/shared/contracts/push';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import { workJobId, type JobDefinition, type JobQueue } from '../../infra/jobs';
import { cachedAppSecret } from './app-secrets';
import { deleteGoneSubscription, markDelivered, membersWithSubscriptions, subscriptionById, subscriptionsOf } from './subscriptions';
import type { VapidKeys } from './vapid-keys';
import { sendWebPush, type PushUrgency } from './web-push-send';

export const PUSH_DELIVERY_JOB = 'push_delivery';

/** What to tell a member on every browser they subscribed. */
export interface MemberPush {
  message: TPushMessage;
  /** What the push is about (e.g. `conversation:12`): a newer push about it replaces one still undelivered. */
  collapseKey: string;
  /** One piece of news (e.g. `conversation:12:340`): each browser gets it once. */
  newsKey: string;
  /** How long the push service keeps it for a browser that is offline. */
  ttlSeconds: number;
  urgency: PushUrgency;
  /** The sender's contact for the push services (RFC 8292): mailto: the site's support address. */
  subject: string;
}

export interface PushDeliveryJob extends Omit<MemberPush, 'newsKey'> {
  subscriptionId: number;
  /** The member the push is for: a browser that moved to another member since gets nothing. */
  userId: number;
}

export interface PushDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  vapid: VapidKeys;
  /** Production sends only over https to public addresses (endpoint-guard.ts). */
  production: boolean;
  log: { warn(obj: object, msg: string): void };
}

/** What a feature above push uses to reach members' browsers (notifications, decision 040). */
export interface PushPort {
  /** Which of these members have a browser to push to (the rest need no push job at all). */
  membersWithDevices(userIds: readonly number[]): Promise<Set<number>>;
  /** Queues the push for each of the member's browsers; answers how many were queued now. */
  pushToMember(userId: number, push: MemberPush): Promise<number>;
}

const TOPIC_SECRET = 'push_topic';

/**
 * The RFC 8030 Topic header: at most 32 base64url characters, and seen by the push service, so
 * it is an HMAC of the collapse key (the service can tell pushes about one conversation apart
 * from others, but not which conversation, nor count the site's conversations by their ids).
 */
export async function pushTopic(db: Database, collapseKey: string): Promise<string> {
  const secret = await cachedAppSecret(db, TOPIC_SECRET);
  return createHmac('sha256', secret).update(collapseKey).digest('base64url').slice(0, 32);
}

export function createPush(deps: PushDeps): PushPort & { deliveryJob: JobDefinition<PushDeliveryJob> } {
  const deliveryJob: JobDefinition<PushDeliveryJob> = {
    name: PUSH_DELIVERY_JOB,
    // Each delivery waits on a push service: a few at once per process, each worker taking a few (jobs.ts).
    concurrency: 4,
    batchSize: 8,
    run: (job) => deliver(deps, job),
  };
  return {
    deliveryJob,
    membersWithDevices: (userIds) => membersWithSubscriptions(deps.db, userIds),
    async pushToMember(userId, { newsKey, ...push }) {
      let queued = 0;
      for (const subscription of await subscriptionsOf(deps.db, userId)) {
        const id = workJobId(PUSH_DELIVERY_JOB, subscription.id, newsKey);
        if (await deps.jobs.send(deliveryJob, { ...push, subscriptionId: subscription.id, userId }, { id })) queued += 1;
      }
      return queued;
    },
  };
}

async function deliver(deps: PushDeps, job: PushDeliveryJob): Promise<void> {
  const subscription = await subscriptionById(deps.db, job.subscriptionId);
  if (!subscription || subscription.userId !== job.userId) return;
  const outcome = await sendWebPush({
    subscription: { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload: JSON.stringify(job.message),
    vapid: deps.vapid,
    subject: job.subject,
    ttlSeconds: job.ttlSeconds,
    urgency: job.urgency,
    topic: await pushTopic(deps.db, job.collapseKey),
    production: deps.production,
  });
  if (outcome.kind === 'accepted') await markDelivered(deps.db, subscription.id, deps.clock());
  else if (outcome.kind === 'gone') await deleteGoneSubscription(deps.db, subscription.id, subscription.endpoint);
  // The host names the push service; the rest of the address would name the browser.
  else
    deps.log.warn(
      { subscriptionId: subscription.id, pushService: new URL(subscription.endpoint).host, status: outcome.status },
      'push refused by the push service',
    );
}
