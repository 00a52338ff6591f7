import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { writeSavedAnswer } from './saved-answer';

const KEY = ['settings'] as const;

/** A read whose answer the test releases when it wants, as a slow network would. */
function heldRead<T>() {
  const answers: ((value: T) => void)[] = [];
  return {
    queryFn: () => new Promise<T>((resolve) => answers.push(resolve)),
    answer: (value: T) => answers.shift()!(value),
    pending: () => answers.length,
  };
}

describe('writeSavedAnswer', () => {
  it('keeps the saved answer when a read sent before the save answers after it', async () => {
    const client = new QueryClient();
    const read = heldRead<string>();
    client.setQueryData(KEY, 'first');
    const refetch = client.fetchQuery({ queryKey: KEY, queryFn: read.queryFn, staleTime: 0 }).catch(() => 'cancelled');
    expect(read.pending()).toBe(1);

    await writeSavedAnswer(client, KEY, 'saved');
    read.answer('older, read before the save');
    await refetch;
    expect(client.getQueryData(KEY)).toBe('saved');
  });

  it('loads the query again when an updater finds no data to update', async () => {
    const client = new QueryClient();
    const read = heldRead<string>();
    // A screen showing the query (an observer) started its first read.
    const unsubscribe = new QueryObserver(client, { queryKey: KEY, queryFn: read.queryFn }).subscribe(() => {});
    expect(read.pending()).toBe(1);

    await writeSavedAnswer<string>(client, KEY, (current) => (current ? `${current}, updated` : current));
    // The first read was cancelled; another one went out instead of leaving the screen empty.
    expect(read.pending()).toBe(2);
    read.answer('never used');
    read.answer('reloaded');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryData(KEY)).toBe('reloaded');
    unsubscribe();
  });
});
