import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserSchema } from '@laptops/shared/admin';
import { fetchPage, pageQuery, type PageParams } from './fetch-page.ts';

/** Which admin list: All Sellers, All Buyers or All Users. */
export type UserListKind = 'sellers' | 'buyers' | 'users';

export type UserListParams = PageParams & { q: string };

const paths: Record<UserListKind, string> = {
  sellers: '/api/allSellers',
  buyers: '/api/allBuyers',
  users: '/api/allUsers',
};

/** Every admin query lives under ['admin'], so one invalidation refreshes them all. */
export const adminUsersQueryKey = (kind: UserListKind) => ['admin', 'users', kind] as const;

/** GET /api/allSellers | allBuyers | allUsers?page=&limit=&q= (q: name or email). */
export function getUsers(kind: UserListKind, params: UserListParams) {
  const query = pageQuery(params, { q: params.q.trim() });
  return fetchPage(`${paths[kind]}?${query}`, adminUserSchema, params);
}

export const usersQueryOptions = (kind: UserListKind, params: UserListParams) =>
  queryOptions({
    queryKey: [...adminUsersQueryKey(kind), params],
    queryFn: () => getUsers(kind, params),
    // Keep showing the last page while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useUsers(kind: UserListKind, params: UserListParams) {
  return useQuery(usersQueryOptions(kind, params));
}
