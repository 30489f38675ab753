import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { sessionUserSchema } from '@laptops/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export const sessionQueryKey = ['session'] as const;

/** The signed-in user, or null. better-auth answers null without a session. */
export function getSession() {
  return apiRequest('/api/auth/get-session', z.object({ user: sessionUserSchema }).nullable()).then(
    (session) => session?.user ?? null,
  );
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000 });

export function useSession() {
  return useQuery(sessionQueryOptions());
}
