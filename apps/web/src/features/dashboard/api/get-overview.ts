import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardOverviewSchema } from '@laptops/shared/dashboard';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The overview's cache key. Kept here, not in lib/query-keys.ts: that module loads with
 * Home, and Home never shows the overview.
 */
export const overviewKey = ['dashboard', 'overview'] as const;

/** GET /api/dashboard: the signed-in person's overview, by role. */
export function getOverview() {
  return apiRequest('/api/dashboard', dashboardOverviewSchema);
}

// Orders, laptops and reports change on many pages: the overview asks again each visit.
export const overviewQueryOptions = () =>
  queryOptions({ queryKey: overviewKey, queryFn: getOverview, staleTime: 0 });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
