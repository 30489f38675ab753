import { queryOptions, useQuery } from '@tanstack/react-query';
import { authOptionsSchema } from '@laptops/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { authOptionKeys } from '../../../lib/query-keys.ts';

export function getAuthOptions() {
  return apiRequest('/api/auth-options', authOptionsSchema);
}

export const authOptionsQueryOptions = () =>
  queryOptions({ queryKey: authOptionKeys.all, queryFn: getAuthOptions, staleTime: Infinity });

export function useAuthOptions() {
  return useQuery(authOptionsQueryOptions());
}
