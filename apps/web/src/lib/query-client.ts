import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

/** A failed read is retried 3 times, backing off from 1 s up to 30 s; cache kept 5 minutes. */
export const MAX_RETRIES = 3;
export const GC_TIME_MS = 300_000;

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: GC_TIME_MS,
        staleTime: 30_000,
        retryDelay,
        // A refusal (4xx) will not change by asking again.
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES &&
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

/**
 * After a write: every query under these keys asks again. A request already under way
 * may have been answered from before the write, so it is cancelled first; invalidating
 * alone lets a query's first request (a new search, its rows still the previous one's)
 * finish and show the old state.
 */
export async function refreshAfterWrite(queryClient: QueryClient, keys: QueryKey[]) {
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
