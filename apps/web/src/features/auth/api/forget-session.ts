import type { QueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../../lib/query-keys.ts';

/**
 * Forgets who was signed in, and everything cached for them, once their session has
 * ended elsewhere; the login page calls it (Home's first download does not need it).
 * The session is set to nobody rather than removed, so that what shows it (the
 * navbar) redraws at once; what no screen shows any more is removed (a query removed
 * under a screen would never answer it).
 */
export function forgetSession(queryClient: QueryClient) {
  queryClient.setQueryData(sessionKeys.all, null);
  queryClient.removeQueries({
    type: 'inactive',
    predicate: (query) => query.queryKey[0] !== sessionKeys.all[0],
  });
}
