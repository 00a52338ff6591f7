/**
 * The job that makes one call (decision 050): claims the call row for this attempt, GETs the URL,
 * and records the answer: 'sent' on 2xx; otherwise it throws so the queue retries with backoff,
 * and after the last attempt marks the call 'failed'. The claim (fewer attempts made than this
 * run's number) keeps a second run of the same attempt, in this or another process, from calling twice.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { postbackCalls, postbackNetworks } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { workJobId, type JobDefinition, type JobQueue } from '../../infra/jobs';
import { callPostbackUrl, type PostbackAnswer } from './outbound';

export interface PostbackDeliveryDeps {
  db: Database;
  clock: Clock;
  allowLoopbackDouble: boolean;
  /** The HTTP call; tests may shorten its time limit. */
  call?: (url: string) => Promise<PostbackAnswer>;
}

/** Retries after the first attempt: 1 min, then about twice as late each time (about an hour in all). */
export const POSTBACK_RETRY = { limit: 5, delaySeconds: 60, backoff: true };

export type PostbackCallJob = JobDefinition<{ callId: number }>;

const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;

export function postbackCallJob(deps: PostbackDeliveryDeps): PostbackCallJob {
  const call = deps.call ?? ((url: string) => callPostbackUrl(url, { allowLoopbackDouble: deps.allowLoopbackDouble }));
  return {
    name: 'postback_call',
    retry: POSTBACK_RETRY,
    // Each call mostly waits on the network's server.
    concurrency: 4,
    async run({ callId }, { attempt }) {
      const [claimed] = await deps.db
        .update(postbackCalls)
        .set({
          attempts: sql`${postbackCalls.attempts} + 1`,
          lastAttemptAt: deps.clock(),
        })
        .where(and(eq(postbackCalls.id, callId), eq(postbackCalls.status, 'pending'), lt(postbackCalls.attempts, attempt)))
        .returning();
      if (!claimed) return;
      const [network] = await deps.db
        .select({ enabled: postbackNetworks.enabled })
        .from(postbackNetworks)
        .where(eq(postbackNetworks.id, claimed.networkId));
      if (!network?.enabled) {
        await deps.db
          .update(postbackCalls)
          .set({
            status: 'failed',
            answerBody: 'Not sent: the network was switched off.',
          })
          .where(eq(postbackCalls.id, callId));
        return;
      }
      const answer = await call(claimed.url);
      const sent = isSuccess(answer.status);
      const last = attempt > POSTBACK_RETRY.limit;
      await deps.db
        .update(postbackCalls)
        .set({
          answerStatus: answer.status,
          answerBody: answer.body,
          status: sent ? 'sent' : last ? 'failed' : 'pending',
          ...(sent ? { sentAt: deps.clock() } : {}),
        })
        // Erasure or a withdrawn consent may have settled it meanwhile: that stands.
        .where(and(eq(postbackCalls.id, callId), eq(postbackCalls.status, 'pending')));
      if (!sent && !last) throw new Error(`postback call answered ${answer.status ?? 'nothing'}; retried`);
    },
  };
}

/** A call still pending this long after it was made has had every retry (about an hour): its job is gone. */
export const POSTBACK_GIVE_UP_AFTER_MS = 24 * 3_600_000;
/** Younger calls are left to the job queued after their commit. */
export const POSTBACK_SWEEP_AFTER_MS = 5 * 60_000;

/**
 * Every ten minutes: a call's job is queued after its transaction commits, so a process that stops
 * in between (or a queue that refuses the insert) leaves the call pending with no job. This queues
 * it again under the same job id, which the queue ignores while that job exists, so a call with a
 * live job is never doubled; a call pending for a day is marked failed so the log does not wait forever.
 */
export const POSTBACK_SWEEP_JOB = 'postback_sweep';

export function postbackSweepJob(deps: { db: Database; clock: Clock; jobs: JobQueue; callJob: PostbackCallJob }): JobDefinition {
  return {
    name: POSTBACK_SWEEP_JOB,
    cron: '*/10 * * * *',
    run: async () => {
      const now = deps.clock().getTime();
      await deps.db
        .update(postbackCalls)
        .set({ status: 'failed', answerBody: 'Not sent: no attempt finished within a day.' })
        .where(and(eq(postbackCalls.status, 'pending'), lt(postbackCalls.createdAt, new Date(now - POSTBACK_GIVE_UP_AFTER_MS))));
      const stranded = await deps.db
        .select({ id: postbackCalls.id })
        .from(postbackCalls)
        .where(
          and(
            eq(postbackCalls.status, 'pending'),
            lt(postbackCalls.createdAt, new Date(now - POSTBACK_SWEEP_AFTER_MS)),
            gte(postbackCalls.createdAt, new Date(now - POSTBACK_GIVE_UP_AFTER_MS)),
          ),
        );
      if (stranded.length === 0) return;
      await deps.jobs.sendMany(
        deps.callJob,
        stranded.map(({ id }) => ({ id: workJobId(deps.callJob.name, id), data: { callId: id } })),
      );
    },
  };
}
