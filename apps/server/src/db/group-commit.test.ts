import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

/** A run that waits for `release` before answering, so the test sees what gathers meanwhile. */
function heldRun() {
  const calls: number[][] = [];
  const releases: Array<() => void> = [];
  const run = async (inputs: number[]) => {
    calls.push(inputs);
    await new Promise<void>((resolve) => releases.push(resolve));
    return inputs.map((n) => n * 10);
  };
  return { run, calls, releaseAll: () => releases.splice(0).forEach((release) => release()) };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('puts the inputs of one turn into one batch and answers each its own result', async () => {
    const held = heldRun();
    const group = createGroupCommit({ run: held.run, maxInFlight: 2, maxBatch: 100 });
    const results = Promise.all([1, 2, 3].map((n) => group.submit(n)));
    await nextTurn();
    expect(held.calls).toEqual([[1, 2, 3]]);
    held.releaseAll();
    expect(await results).toEqual([10, 20, 30]);
    expect(group.batches).toBe(1);
  });

  it('runs at most maxInFlight batches; what arrives meanwhile goes into the next one', async () => {
    const held = heldRun();
    const group = createGroupCommit({ run: held.run, maxInFlight: 2, maxBatch: 100 });
    const first = [group.submit(1)];
    await nextTurn();
    first.push(group.submit(2));
    await nextTurn();
    expect(held.calls).toEqual([[1], [2]]);
    const later = [3, 4, 5].map((n) => group.submit(n));
    await nextTurn();
    expect(held.calls).toHaveLength(2);
    held.releaseAll();
    await Promise.all(first);
    await nextTurn();
    expect(held.calls[2]).toEqual([3, 4, 5]);
    held.releaseAll();
    expect(await Promise.all(later)).toEqual([30, 40, 50]);
  });

  it('cuts batches at maxBatch', async () => {
    const held = heldRun();
    const group = createGroupCommit({ run: held.run, maxInFlight: 4, maxBatch: 2 });
    const results = Promise.all([1, 2, 3, 4, 5].map((n) => group.submit(n)));
    await nextTurn();
    expect(held.calls).toEqual([[1, 2], [3, 4], [5]]);
    held.releaseAll();
    expect(await results).toEqual([10, 20, 30, 40, 50]);
  });

  it('gives every input of a failed batch the error, and later batches still run', async () => {
    let fail = true;
    const group = createGroupCommit({
      maxInFlight: 1,
      maxBatch: 10,
      run: async (inputs: number[]) => {
        if (fail) throw new Error('statement failed');
        return inputs;
      },
    });
    const failed = [1, 2].map((n) => group.submit(n));
    await expect(failed[0]).rejects.toThrow('statement failed');
    await expect(failed[1]).rejects.toThrow('statement failed');
    fail = false;
    expect(await group.submit(3)).toBe(3);
  });

  it('fails the batch when run answers a different number of results', async () => {
    const group = createGroupCommit({ maxInFlight: 1, maxBatch: 10, run: async () => [1] });
    await expect(Promise.all([group.submit(1), group.submit(2)])).rejects.toThrow(/1 results for 2 inputs/);
  });
});
