/**
 * The job queue on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL), run
 * deterministically: runSchedules() and drain() do now what workers do on their timers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/open';
import { createTestDatabase } from '../test/test-database';
import { manualClock } from './clock';
import { JobQueue, workJobId, type JobDefinition, type JobMode, type JobOutcome } from './jobs';

let database: DatabaseHandle;
const queues: JobQueue[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const queue of queues) await queue.stop(1_000);
  await database.close();
});

function capturingLog() {
  const errors: { obj: Record<string, unknown>; msg: string }[] = [];
  return { errors, error: (obj: object, msg: string) => errors.push({ obj: obj as Record<string, unknown>, msg }), info: () => {} };
}

async function startQueue(definitions: JobDefinition<object>[], options: { mode?: JobMode; clock?: ReturnType<typeof manualClock> } = {}) {
  const log = capturingLog();
  const finished: { name: string; outcome: JobOutcome }[] = [];
  const queue = new JobQueue({
    connection: database.jobQueueConnection,
    mode: options.mode ?? 'manual',
    log,
    clock: options.clock ?? manualClock(),
    onJobFinished: (name, outcome) => finished.push({ name, outcome }),
  });
  for (const definition of definitions) queue.register(definition);
  await queue.start();
  queues.push(queue);
  return { queue, log, finished };
}

describe('the job queue', () => {
  it('retries a failing job with growing delays, logs each failure without the job data, and gives up after its limit', async () => {
    const attempts: number[] = [];
    const mailer: JobDefinition<{ email: string }> = {
      name: 'test_flaky_mail',
      retry: { limit: 2, delaySeconds: 30, backoff: true },
      async run(_data, { attempt }) {
        attempts.push(attempt);
        throw Object.assign(new Error('SMTP server unavailable'), { code: 'ECONNREFUSED' });
      },
    };
    const { queue, log, finished } = await startQueue([mailer as JobDefinition<object>]);
    const id = (await queue.send(mailer, { email: 'private.person@example.com' }))!;

    expect(await queue.drain()).toBe(1);
    const afterFirst = (await queue.getJob(mailer.name, id))!;
    expect(afterFirst.state).toBe('retry');
    const firstDelay = (afterFirst.startAfter.getTime() - afterFirst.startedOn.getTime()) / 1000;
    expect(firstDelay).toBeGreaterThanOrEqual(30);
    // The retry waits for its delay: nothing is due yet.
    expect(await queue.drain()).toBe(0);

    expect(await queue.drain({ includeDelayed: true, maxRuns: 1 })).toBe(1);
    const afterSecond = (await queue.getJob(mailer.name, id))!;
    expect(afterSecond.state).toBe('retry');
    // Backoff: the second wait is at least twice the base delay.
    expect((afterSecond.startAfter.getTime() - afterSecond.startedOn.getTime()) / 1000).toBeGreaterThanOrEqual(60);

    expect(await queue.drain({ includeDelayed: true })).toBe(1);
    expect((await queue.getJob(mailer.name, id))!.state).toBe('failed');
    expect(await queue.drain({ includeDelayed: true })).toBe(0);

    expect(attempts).toEqual([1, 2, 3]);
    expect(finished).toEqual(Array(3).fill({ name: mailer.name, outcome: 'failed' }));
    expect(log.errors.map((e) => [e.msg, e.obj.job, e.obj.jobId, e.obj.attempt, e.obj.willRetry])).toEqual([
      ['job test_flaky_mail failed', mailer.name, id, 1, true],
      ['job test_flaky_mail failed', mailer.name, id, 2, true],
      ['job test_flaky_mail failed', mailer.name, id, 3, false],
    ]);
    expect(log.errors[0]!.obj.err).toMatchObject({ type: 'Error', message: 'SMTP server unavailable', code: 'ECONNREFUSED' });
    expect(JSON.stringify(log.errors)).not.toContain('private.person');
  });

  it('runs a job that fails once on its retry and completes it', async () => {
    let calls = 0;
    const flaky: JobDefinition<{ n: number }> = {
      name: 'test_fails_once',
      async run() {
        calls += 1;
        if (calls === 1) throw new Error('first try fails');
      },
    };
    const { queue, finished } = await startQueue([flaky as JobDefinition<object>]);
    const id = (await queue.send(flaky, { n: 1 }))!;
    expect(await queue.drain()).toBe(1);
    expect(await queue.drain({ includeDelayed: true })).toBe(1);
    expect((await queue.getJob(flaky.name, id))!.state).toBe('completed');
    expect(finished.map((f) => f.outcome)).toEqual(['failed', 'completed']);
  });

  it('sends a cron tick once across several processes, catches up a missed tick within the hour, and not later', async () => {
    const runs: string[] = [];
    const clock = manualClock(new Date('2026-01-15T14:00:20Z'));
    const hourly = (): JobDefinition<{ from: string }> => ({
      name: 'test_hourly',
      cron: '0 * * * *',
      cronData: { from: 'cron' },
      async run(data) {
        runs.push(data.from);
      },
    });
    // Three processes on one database, as three servers behind a load balancer would be.
    const processes = await Promise.all([1, 2, 3].map(() => startQueue([hourly() as JobDefinition<object>], { clock })));

    const sent = await Promise.all(processes.map(({ queue }) => queue.runSchedules()));
    expect(sent.flat()).toEqual(['test_hourly']);
    expect((await Promise.all(processes.map(({ queue }) => queue.drain()))).reduce((a, b) => a + b)).toBe(1);
    expect(runs).toEqual(['cron']);

    // Later in the same hour (every worker checks every 30 s): the tick was sent already.
    clock.set(new Date('2026-01-15T14:40:00Z'));
    expect((await Promise.all(processes.map(({ queue }) => queue.runSchedules()))).flat()).toEqual([]);

    // The 15:00 tick passed while every worker was down; at 15:59 it is still sent, once.
    clock.set(new Date('2026-01-15T15:59:00Z'));
    expect((await Promise.all(processes.map(({ queue }) => queue.runSchedules()))).flat()).toEqual(['test_hourly']);
    expect((await Promise.all(processes.map(({ queue }) => queue.drain()))).reduce((a, b) => a + b)).toBe(1);
    expect(runs).toEqual(['cron', 'cron']);
  });

  it('lets a running job finish when it stops', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const order: string[] = [];
    const slow: JobDefinition<{ n: number }> = {
      name: 'test_slow',
      async run() {
        started();
        await gate;
        order.push('job finished');
      },
    };
    // A real worker, polling as in production.
    const { queue } = await startQueue([slow as JobDefinition<object>], { mode: 'background' });
    // Reads the job's state; the stopped queue's own connections are closed.
    const { queue: observer } = await startQueue([]);
    const id = (await queue.send(slow, { n: 1 }))!;
    await running;

    const stopped = queue.stop(30_000).then(() => order.push('queue stopped'));
    expect((await observer.getJob(slow.name, id))!.state).toBe('active');
    release();
    await stopped;
    expect(order).toEqual(['job finished', 'queue stopped']);
    expect((await observer.getJob(slow.name, id))!.state).toBe('completed');
  });

  it('drains a backlog at the speed of the work, several at once where a job allows it', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const done: number[] = [];
    const mail: JobDefinition<{ n: number }> = {
      name: 'test_backlog_mail',
      concurrency: 3,
      async run({ n }) {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        // Waits like a job that talks to an SMTP server.
        await new Promise((r) => setTimeout(r, 20));
        running--;
        done.push(n);
      },
    };
    // The backlog is there before the worker starts, so a worker that took one job at a time could not
    // pass for one that ran each job as soon as it was sent (which a slow machine's sends can look like).
    const { queue: sender } = await startQueue([mail as JobDefinition<object>], { mode: 'send-only' });
    for (let n = 0; n < 30; n++) await sender.send(mail, { n });
    const started = Date.now();
    const { queue } = await startQueue([mail as JobDefinition<object>], { mode: 'background' });
    while (done.length < 30 && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 50));
    // A worker that waited its 2 s polling interval after each job would need 20 s for 30 jobs on 3 workers.
    expect(done.length).toBe(30);
    expect(Date.now() - started).toBeLessThan(10_000);
    // Side by side on PostgreSQL; the embedded database's one connection runs them one at a time.
    if (process.env.TEST_DATABASE_URL) expect(mostAtOnce).toBeGreaterThanOrEqual(2);
    expect(mostAtOnce).toBeLessThanOrEqual(process.env.TEST_DATABASE_URL ? 3 : 1);
    await queue.stop(5_000);
  });

  it('takes a batch of jobs at once, completes it together, and fails only the job of the batch that failed', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const attempts = new Map<number, number>();
    const mail: JobDefinition<{ n: number }> = {
      name: 'test_batch_mail',
      batchSize: 5,
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      async run({ n }) {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        attempts.set(n, (attempts.get(n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 20));
        running--;
        if (n === 2) throw new Error('SMTP server refused this one');
      },
    };
    const { queue: sender } = await startQueue([mail as JobDefinition<object>], { mode: 'send-only' });
    const ids: string[] = [];
    for (let n = 0; n < 5; n++) ids.push((await sender.send(mail, { n }))!);
    const { queue, log } = await startQueue([mail as JobDefinition<object>], { mode: 'background' });
    const { queue: observer } = await startQueue([]);
    const states = async () => Promise.all(ids.map(async (id) => (await observer.getJob(mail.name, id))!.state));
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (await states()).some((state) => state === 'created' || state === 'active'))
      await new Promise((r) => setTimeout(r, 50));
    expect(await states()).toEqual(['completed', 'completed', 'failed', 'completed', 'completed']);
    expect([...attempts.values()]).toEqual([1, 1, 1, 1, 1]);
    expect(log.errors.map((entry) => entry.obj)).toEqual([
      expect.objectContaining({ job: 'test_batch_mail', attempt: 1, willRetry: false }),
    ]);
    // The five side by side on PostgreSQL, one after the other on the embedded database's one connection.
    expect(mostAtOnce).toBe(process.env.TEST_DATABASE_URL ? 5 : 1);
    await queue.stop(5_000);
  });

  it('queues many jobs in bulk, each id once, with the retry rules of its kind', async () => {
    const runs: number[] = [];
    const mail: JobDefinition<{ n: number }> = {
      name: 'test_bulk_mail',
      retry: { limit: 5, delaySeconds: 7, backoff: false },
      run: async ({ n }) => void runs.push(n),
    };
    const { queue } = await startQueue([mail as JobDefinition<object>]);
    // More than one statement's worth (500).
    const jobs = Array.from({ length: 510 }, (_, n) => ({ id: workJobId(mail.name, n), data: { n } }));
    await queue.sendMany(mail, jobs.slice(0, 1));
    expect(await queue.drain()).toBe(1);
    await queue.sendMany(mail, jobs);
    const stored = await Promise.all(jobs.map((job) => queue.getJob(mail.name, job.id)));
    expect(stored.map((job) => job?.data)).toEqual(jobs.map((job) => job.data));
    expect(stored[505]).toMatchObject({ retryLimit: 5, retryDelay: 7, retryBackoff: false });
    // The job already done was not queued again (a scan that runs twice): it stays completed.
    expect(stored.filter((job) => job?.state === 'completed').map((job) => job!.id)).toEqual([jobs[0]!.id]);
    expect(runs).toEqual([0]);
  });

  it('sends but never runs jobs in a process with WORKER=0', async () => {
    const runs: number[] = [];
    const definition = (): JobDefinition<{ n: number }> => ({
      name: 'test_web_only',
      cron: '* * * * *',
      run: async ({ n }) => void runs.push(n),
    });
    const { queue: webOnly } = await startQueue([definition() as JobDefinition<object>], { mode: 'send-only' });
    const { queue: worker } = await startQueue([definition() as JobDefinition<object>]);
    expect(webOnly.mode).toBe('send-only');
    await webOnly.send(definition(), { n: 7 });
    await expect(webOnly.drain()).rejects.toThrow(/does not run jobs/);
    await expect(webOnly.runSchedules()).rejects.toThrow(/does not run jobs/);
    // The job waits for a worker process, which runs it.
    expect(await worker.drain()).toBe(1);
    expect(runs).toEqual([7]);
  });

  it('refuses unknown jobs and a registration after start', async () => {
    const { queue } = await startQueue([]);
    const stray: JobDefinition = { name: 'test_stray', run: async () => {} };
    await expect(queue.send(stray, {})).rejects.toThrow(/not registered/);
    expect(() => queue.register(stray)).toThrow(/before the job queue starts/);
  });
});
