import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminActivitySchema } from '@laptops/shared/admin';
import { adminKeys } from '../../../lib/query-keys.ts';
import { fetchPage, pageQuery, type PageParams } from './fetch-page.ts';

/** GET /api/admin/activity?page=&limit=: the admin actions, newest first. */
export function getActivity(params: PageParams) {
  return fetchPage(`/api/admin/activity?${pageQuery(params)}`, adminActivitySchema, params);
}

export const activityQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: adminKeys.activity(params),
    queryFn: () => getActivity(params),
    placeholderData: keepPreviousData,
  });

export function useActivity(params: PageParams) {
  return useQuery(activityQueryOptions(params));
}
