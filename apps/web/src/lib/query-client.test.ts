import { expect, it } from 'vitest';
import { ApiRequestError } from './api-client.ts';
import { createQueryClient, retryDelay } from './query-client.ts';

it('backs off exponentially from 1 s, capped at 30 s (SPEC.md section 9)', () => {
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
