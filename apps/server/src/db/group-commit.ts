/**
 * Group commit: requests that need the same kind of statement at the same time share one.
 *
 * Each request hands in its input and waits for its own answer. Inputs handed in during one turn
 * of the event loop go out together, in one call of `run` (one statement over arrays, so one
 * round trip, one plan and one commit for all of them), at once while fewer than `maxInFlight`
 * such calls run; otherwise they wait for one to finish and all go in the next. There is no
 * timer: a lone request is never kept waiting, and under load the batches grow by themselves.
 * Per request that saves the round trip's write and the statement's fixed cost in the server
 * process and in PostgreSQL, which on two cores is most of what a small statement costs
 * (decisions 027 and 032).
 *
 * `run` answers one result per input, in the inputs' order. When it throws, every request of that
 * batch gets the error: a statement is all or nothing, so none of them was written.
 */

export interface GroupCommitOptions<In, Out> {
  /** Runs one batch: answers one result per input, in order. */
  run(inputs: In[]): Promise<Out[]>;
  /** Batches running at the same time; later inputs gather for the next one. */
  maxInFlight: number;
  /** At most this many inputs go into one batch. */
  maxBatch: number;
}

export interface GroupCommit<In, Out> {
  /** Hands in one input; resolves with its result once the batch holding it has finished. */
  submit(input: In): Promise<Out>;
  /** Batches run so far (tests check that parallel requests share them). */
  readonly batches: number;
}

interface Waiter<In, Out> {
  input: In;
  resolve(result: Out): void;
  reject(error: unknown): void;
}

export function createGroupCommit<In, Out>({ run, maxInFlight, maxBatch }: GroupCommitOptions<In, Out>): GroupCommit<In, Out> {
  const waiting: Waiter<In, Out>[] = [];
  let flushScheduled = false;
  let inFlight = 0;
  let batches = 0;

  async function runBatch(batch: Waiter<In, Out>[]) {
    try {
      batches += 1;
      const results = await run(batch.map((waiter) => waiter.input));
      if (results.length !== batch.length) throw new Error(`group commit: ${results.length} results for ${batch.length} inputs`);
      batch.forEach((waiter, i) => waiter.resolve(results[i]!));
    } catch (error) {
      for (const waiter of batch) waiter.reject(error);
    }
  }

  function flush() {
    flushScheduled = false;
    while (waiting.length > 0 && inFlight < maxInFlight) {
      const batch = waiting.splice(0, maxBatch);
      inFlight += 1;
      void runBatch(batch).finally(() => {
        inFlight -= 1;
        flush();
      });
    }
  }

  return {
    submit(input) {
      return new Promise<Out>((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        // After the I/O callbacks of this turn: what arrived in it goes into one batch.
        if (!flushScheduled) {
          flushScheduled = true;
          setImmediate(flush);
        }
      });
    },
    get batches() {
      return batches;
    },
  };
}
