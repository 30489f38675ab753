import { QueryObserver } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { ApiRequestError } from './api-client.ts';
import { createQueryClient, refreshAfterWrite, retryDelay } from './query-client.ts';

it('backs off exponentially from 1 s, capped at 30 s', () => {
  expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([
    1000, 2000, 4000, 8000, 16000, 30000, 30000,
  ]);
});

it('retries failures 3 times, but never a 4xx refusal, and keeps the cache 5 minutes', () => {
  const options = createQueryClient().getDefaultOptions().queries;
  const retry = options?.retry as (count: number, error: Error) => boolean;
  expect(retry(0, new Error('network'))).toBe(true);
  expect(retry(2, new Error('network'))).toBe(true);
  expect(retry(3, new Error('network'))).toBe(false);
  expect(retry(0, new ApiRequestError(404, 'NOT_FOUND', 'gone'))).toBe(false);
  expect(retry(0, new ApiRequestError(503, 'DOWN', 'down'))).toBe(true);
  expect(options?.gcTime).toBe(300_000);
});

it("after a write, a query's first request, under way since before it, is asked again", async () => {
  const queryClient = createQueryClient();
  let state = 'before the write';
  const answers: ((value: string) => void)[] = [];
  // An admin's new search: its first request has not come back when the write is done.
  const observer = new QueryObserver(queryClient, {
    queryKey: ['admin', 'users', { q: 'ada' }],
    queryFn: () => {
      const seen = state;
      return new Promise<string>((resolve) => answers.push(() => resolve(seen)));
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  expect(answers).toHaveLength(1);

  state = 'after the write';
  const refreshed = refreshAfterWrite(queryClient, [['admin']]);
  await new Promise((resolve) => setTimeout(resolve, 0));
  answers.forEach((answer) => answer(''));
  await refreshed;

  expect(answers).toHaveLength(2);
  expect(observer.getCurrentResult().data).toBe('after the write');
  unsubscribe();
  queryClient.clear();
});
