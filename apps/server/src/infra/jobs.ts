/**
 * The job queue: pg-boss on the application database (PostgreSQL, or PGlite through
 * `executeSql`), wrapped so features only say "run this handler for job X", "send X" and
 * "X runs on this cron". Safe with any number of processes:
 * - a job is fetched by one process only (pg-boss: FOR UPDATE SKIP LOCKED);
 * - a cron tick becomes exactly one job across all processes: its id is derived from the job
 *   name and the tick, so every process that notices the tick inserts the same row and all but
 *   the first insert do nothing (docs/decisions/018-jobs.md);
 * - a failing handler is logged (job name, id, attempt, error; never the job's data) and
 *   retried with exponential backoff until its retry limit.
 *
 * Modes: 'background' (a server with WORKER=1: polls for jobs, notices cron ticks, maintains
 * the queue), 'send-only' (WORKER=0: sends jobs, never runs them), 'manual' (tests: nothing runs
 * by itself; `runSchedules()` and `drain()` do the work at once, deterministically).
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import PgBoss from 'pg-boss';
import type { JobQueueConnection } from '../db/open';
import type { Clock } from './clock';
import { latestTickWithin, parseCron } from './cron';

export type JobMode = 'background' | 'send-only' | 'manual';

export interface JobContext {
  jobId: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
}

export interface JobDefinition<Data extends object = Record<string, never>> {
  /** Letters, digits and underscores (pg-boss queue names). */
  name: string;
  run(data: Data, context: JobContext): Promise<void>;
  /** Retries after a failure; by default 3, the first after 30 s, each later one about twice as late. */
  retry?: { limit: number; delaySeconds: number; backoff: boolean };
  /** Five-field cron, UTC: the job is sent once per tick across all processes, with `cronData`. */
  cron?: string;
  cronData?: Data;
  /**
   * How many of these jobs one worker process runs at once (default 1). More for jobs that mostly
   * wait on another server (an SMTP server, a push service), so a backlog is not one round trip at
   * a time. Only for jobs already safe to run side by side, as every job is across processes.
   * PostgreSQL only; on the embedded database one at a time.
   */
  concurrency?: number;
  /**
   * How many of these jobs one worker takes from the queue at once (default 1), run side by side
   * and completed together: for jobs of a few milliseconds each (a notification), where the fetch
   * and the completion would otherwise cost more than the work. A job of the batch that fails is
   * failed (and retried) alone. On the embedded database the batch runs one job after the other.
   */
  batchSize?: number;
}

type JobLog = {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
};

export type JobOutcome = 'completed' | 'failed';

export interface JobQueueOptions {
  connection: JobQueueConnection;
  mode: JobMode;
  log: JobLog;
  clock: Clock;
  /** Told about every run (the metrics count runs and failures per job name). */
  onJobFinished?: (name: string, outcome: JobOutcome, seconds: number) => void;
}

const DEFAULT_RETRY = { limit: 3, delaySeconds: 30, backoff: true };
/** A tick missed while every worker was down is still sent if it is at most this old. */
const CATCH_UP_MINUTES = 60;
const SCHEDULE_CHECK_MS = 30_000;
const POLLING_INTERVAL_SECONDS = 2;
/** Jobs per statement of sendMany. */
const SEND_MANY_CHUNK = 500;

/** Only what helps find the fault: never job data, which may name a member. */
export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const { code } = error as { code?: unknown };
  return { type: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}), stack: error.stack };
}

/** A UUID made from a text: the same in every process, so the queue takes the job once. */
function uuidOf(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A UUID that is the same in every process for one job name and one cron tick. */
export function scheduledJobId(name: string, tick: Date): string {
  return uuidOf(`cupido-schedule:${name}:${tick.toISOString()}`);
}

/**
 * A UUID for the one job that does one piece of work (e.g. the mail about one message to one
 * member): every process, and every retry of what sends it, names it alike, so it runs once.
 */
export function workJobId(name: string, ...parts: (string | number)[]): string {
  return uuidOf(`cupido-work:${name}:${parts.join(':')}`);
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private scheduleTimer: NodeJS.Timeout | undefined;
  private started = false;

  constructor(private readonly options: JobQueueOptions) {
    const background = options.mode === 'background';
    const connection =
      'connectionString' in options.connection
        ? { connectionString: options.connection.connectionString, max: 3 }
        : { db: options.connection as PgBoss.Db };
    this.boss = new PgBoss({
      ...connection,
      // Our scheduler replaces pg-boss's cron (see above); its maintenance (expiring stuck jobs,
      // archiving, deleting old ones) runs in worker processes, locked so one at a time.
      schedule: false,
      supervise: background,
      // Completed jobs stay in the job table (where a scheduled tick's id is checked) far longer
      // than the catch-up window.
      archiveCompletedAfterSeconds: 24 * 3600,
    });
    this.boss.on('error', (error) => options.log.error({ err: describeError(error) }, 'job queue error'));
  }

  get mode(): JobMode {
    return this.options.mode;
  }

  /** Registers a job; call before start(). */
  register<Data extends object>(definition: JobDefinition<Data>): void {
    if (this.started) throw new Error(`register ${definition.name} before the job queue starts`);
    if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} is registered twice`);
    if (definition.cron) parseCron(definition.cron);
    this.definitions.set(definition.name, definition as unknown as JobDefinition<object>);
  }

  /** Creates pg-boss's tables (first start) and the queues; in 'background' starts the workers and the schedule. */
  async start(): Promise<void> {
    await this.boss.start();
    for (const name of this.definitions.keys()) await this.createQueue(name);
    this.started = true;
    if (this.options.mode !== 'background') return;
    for (const definition of this.definitions.values()) {
      // The embedded database is one connection: jobs side by side would interleave their
      // transactions on it (the notification bench's mails failed so), so one at a time there.
      const concurrency = 'connectionString' in this.options.connection ? (definition.concurrency ?? 1) : 1;
      for (let i = 0; i < concurrency; i++) await this.startWorker(definition);
    }
    const check = () =>
      void this.runSchedules().catch((error) => this.options.log.error({ err: describeError(error) }, 'job schedule check failed'));
    setImmediate(check);
    // The one timer left on the server, and it runs no work itself: each check only offers the
    // latest due tick to the queue under a job id made from the job name and the tick, which the
    // database accepts once across all processes (decision 018). The work runs as a queued job.
    this.scheduleTimer = setInterval(check, SCHEDULE_CHECK_MS).unref();
  }

  /** Queues a job; answers its id, or null when a job with that id exists. On PGlite, call it after the transaction that made the data commits. */
  async send<Data extends object>(
    definition: JobDefinition<Data>,
    data: Data,
    options: { id?: string; startAfter?: Date } = {},
  ): Promise<string | null> {
    if (!this.definitions.has(definition.name)) throw new Error(`job ${definition.name} is not registered`);
    const retry = definition.retry ?? DEFAULT_RETRY;
    return this.boss.send(definition.name, data, {
      ...(options.id ? { id: options.id } : {}),
      // Not before then (e.g. after the member's quiet hours); drain() runs it only with includeDelayed.
      // As seconds from now by our clock: the queue counts from the database's clock, which a test's does not move.
      ...(options.startAfter
        ? { startAfter: Math.max(0, Math.ceil((options.startAfter.getTime() - this.options.clock().getTime()) / 1000)) }
        : {}),
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: retry.backoff,
    });
  }

  /**
   * Queues many jobs of one kind, each under its own id (workJobId), in one statement per
   * SEND_MANY_CHUNK: a scan's thousands of mails would otherwise be as many round trips. A job
   * whose id exists already is left out, as with `send`. On PGlite, call it after the commit.
   */
  async sendMany<Data extends object>(definition: JobDefinition<Data>, jobs: readonly { id: string; data: Data }[]): Promise<void> {
    if (!this.definitions.has(definition.name)) throw new Error(`job ${definition.name} is not registered`);
    const retry = definition.retry ?? DEFAULT_RETRY;
    for (let start = 0; start < jobs.length; start += SEND_MANY_CHUNK) {
      await this.boss.insert(
        jobs.slice(start, start + SEND_MANY_CHUNK).map(({ id, data }) => ({
          name: definition.name,
          id,
          data,
          retryLimit: retry.limit,
          retryDelay: retry.delaySeconds,
          retryBackoff: retry.backoff,
        })),
      );
    }
  }

  /**
   * Sends each scheduled job whose latest cron tick (within the catch-up window) has not been
   * sent yet; answers the names sent by this call. Every worker process calls it every 30 s.
   */
  async runSchedules(): Promise<string[]> {
    this.assertRunsJobs();
    const now = this.options.clock();
    const sent: string[] = [];
    for (const definition of this.definitions.values()) {
      if (!definition.cron) continue;
      const tick = latestTickWithin(parseCron(definition.cron), now, CATCH_UP_MINUTES);
      if (!tick) continue;
      const id = await this.send(definition, definition.cronData ?? {}, { id: scheduledJobId(definition.name, tick) });
      if (id) sent.push(definition.name);
    }
    return sent;
  }

  /**
   * Runs, in this process and now, every job that is due (with `includeDelayed`, also retries
   * still waiting for their backoff), until none is left or `maxRuns` were made; answers how
   * many runs were made. For tests and one-off commands; workers poll instead.
   */
  async drain(options: { includeDelayed?: boolean; maxRuns?: number } = {}): Promise<number> {
    this.assertRunsJobs();
    const maxRuns = options.maxRuns ?? Infinity;
    let runs = 0;
    for (;;) {
      let ranThisPass = 0;
      for (const definition of this.definitions.values()) {
        while (runs + ranThisPass < maxRuns) {
          const [job] = await this.boss.fetch<object>(definition.name, {
            batchSize: 1,
            includeMetadata: true,
            ignoreStartAfter: options.includeDelayed ?? false,
          });
          if (!job) break;
          ranThisPass++;
          try {
            await this.runOne(definition, job);
            await this.boss.complete(definition.name, job.id);
          } catch (error) {
            await this.boss.fail(definition.name, job.id, describeError(error));
          }
        }
      }
      runs += ranThisPass;
      if (ranThisPass === 0 || runs >= maxRuns) return runs;
    }
  }

  /** A job as pg-boss stores it (state, retries, start after), for tests and operators. */
  async getJob(name: string, id: string) {
    return this.boss.getJobById(name, id);
  }

  /**
   * Stops fetching and noticing ticks, waits for running jobs up to `timeoutMs` (those still
   * running then are marked failed and retried elsewhere), closes pg-boss's own connections.
   */
  async stop(timeoutMs: number): Promise<void> {
    clearInterval(this.scheduleTimer);
    await this.boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
  }

  /**
   * pg-boss 10 creates a queue's table without a lock: processes starting together on
   * PostgreSQL can deadlock there (the test with three processes did). The database then
   * rolls one statement back; creating is idempotent, so that process simply tries again.
   */
  private async createQueue(name: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.createQueue(name);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
      }
    }
  }

  private async startWorker(definition: JobDefinition<object>): Promise<void> {
    // Filled in once work() answers; the first job cannot finish before (its fetch is a round trip).
    const worker = { id: '' };
    const sideBySide = 'connectionString' in this.options.connection;
    worker.id = await this.boss.work<object>(
      definition.name,
      { batchSize: definition.batchSize ?? 1, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, includeMetadata: true },
      async (jobs) => {
        try {
          if (jobs.length === 1) {
            // A throw makes pg-boss fail the job, which schedules the retry.
            await this.runOne(definition, jobs[0]!);
            return;
          }
          // pg-boss completes the whole batch when this returns and fails it whole on a throw, so
          // each job that fails is failed here on its own (its retry is scheduled); the batch's
          // completion then leaves it alone (it completes active jobs only).
          const runAndFailAlone = async (job: PgBoss.JobWithMetadata<object>) => {
            try {
              await this.runOne(definition, job);
            } catch (error) {
              await this.boss.fail(definition.name, job.id, describeError(error));
            }
          };
          if (sideBySide) await Promise.all(jobs.map(runAndFailAlone));
          else for (const job of jobs) await runAndFailAlone(job);
        } finally {
          // pg-boss waits out the polling interval after every fetch, also one that found a job, so
          // a backlog would drain at one job per interval and worker (a scan's thousands of mails
          // in hours). Told at once, the worker fetches again while there is work; an empty fetch
          // still waits the interval.
          if (worker.id) this.boss.notifyWorker(worker.id);
        }
      },
    );
  }

  private assertRunsJobs(): void {
    if (this.options.mode === 'send-only') throw new Error('this process does not run jobs (WORKER=0)');
  }

  private async runOne(definition: JobDefinition<object>, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const started = performance.now();
    const attempt = job.retryCount + 1;
    try {
      await definition.run(job.data, { jobId: job.id, attempt });
      this.options.onJobFinished?.(definition.name, 'completed', (performance.now() - started) / 1000);
    } catch (error) {
      this.options.onJobFinished?.(definition.name, 'failed', (performance.now() - started) / 1000);
      const willRetry = job.retryCount < job.retryLimit;
      this.options.log.error(
        { job: definition.name, jobId: job.id, attempt, willRetry, err: describeError(error) },
        `job ${definition.name} failed`,
      );
      throw error;
    }
  }
}
