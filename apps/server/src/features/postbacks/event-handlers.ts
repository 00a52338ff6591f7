/**
 * What postbacks does on other features' facts (decision 021): a signup through an enabled network
 * of the site, with the ad-tracking consent (accounts sends `tracking` only then), becomes a subject
 * and its 'signup' call in the signup's transaction; the activation and the first purchase add
 * theirs; each call's job is queued after the commit. Erasure and a withdrawn consent forget the member.
 */
import { and, eq } from 'drizzle-orm';
import type { PostbackEvent } from '@cupido/shared/rules/postbacks';
import { postbackNetworks, postbackSubjects } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { DomainEvents, TransactionEffects, Tx } from '../../infra/domain-events';
import { workJobId, type JobQueue } from '../../infra/jobs';
import { addCall, forgetMemberCalls, keptTracking } from './calls';
import type { PostbackCallJob } from './delivery';

export interface PostbackEventDeps {
  clock: Clock;
  jobs: JobQueue;
  job: PostbackCallJob;
  /** The key of {user} (calls.ts), loaded at start. */
  userKey: Buffer;
}

export function handlePostbackEvents(events: DomainEvents, deps: PostbackEventDeps): void {
  // Once per call across every process and retry of the event: the job's id is the call's.
  const queue = (effects: TransactionEffects, callId: number | null) => {
    if (callId === null) return;
    effects.afterCommit(async () => void (await deps.jobs.send(deps.job, { callId }, { id: workJobId(deps.job.name, callId) })));
  };
  const report = (
    tx: Tx,
    effects: TransactionEffects,
    input: {
      userId: number;
      event: PostbackEvent;
      now: Date;
      amountMinor?: number;
      currency?: string;
    },
  ) => addCall(tx, { ...input, userKey: deps.userKey }).then((id) => queue(effects, id));

  events.handleInTransaction('account.signed_up', 'postbacks: remember the network and report the signup', async (event, tx, effects) => {
    const name = event.tracking.network;
    if (!name) return;
    const [network] = await tx
      .select({ id: postbackNetworks.id })
      .from(postbackNetworks)
      .where(and(eq(postbackNetworks.siteId, event.siteId), eq(postbackNetworks.network, name), eq(postbackNetworks.enabled, true)));
    if (!network) return;
    await tx
      .insert(postbackSubjects)
      .values({
        userId: event.userId,
        siteId: event.siteId,
        networkId: network.id,
        tracking: keptTracking(event.tracking),
        createdAt: event.at,
      })
      .onConflictDoNothing();
    await report(tx, effects, {
      userId: event.userId,
      event: 'signup',
      now: event.at,
    });
  });

  events.handleInTransaction('account.activated', 'postbacks: report the activation', async (event, tx, effects) => {
    await report(tx, effects, {
      userId: event.userId,
      event: 'activation',
      now: deps.clock(),
    });
  });

  // Every completed payment comes here; the unique index keeps the first purchase's call only.
  events.handleInTransaction('payment.completed', 'postbacks: report the first purchase', async (event, tx, effects) => {
    await report(tx, effects, {
      userId: event.userId,
      event: 'purchase',
      now: deps.clock(),
      amountMinor: event.amountMinor,
      currency: event.currency,
    });
  });

  events.handleInTransaction('account.erased', 'postbacks: forget the erased member', async (event, tx) => {
    await forgetMemberCalls(tx, event.userId, 'the account was erased');
  });

  events.handleInTransaction(
    'account.ad_tracking_consent_withdrawn',
    'postbacks: forget the member who withdrew the ad-tracking consent',
    async (event, tx) => {
      await forgetMemberCalls(tx, event.userId, 'the member withdrew the ad-tracking consent');
    },
  );
}
