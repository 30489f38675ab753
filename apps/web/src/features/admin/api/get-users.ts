import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserSchema } from '@laptops/shared/admin';
import { adminKeys } from '../../../lib/query-keys.ts';
import { fetchPage, pageQuery, type PageParams } from './fetch-page.ts';

/** Which admin list: All Sellers, All Buyers or All Users. */
export type UserListKind = 'sellers' | 'buyers' | 'users';

export type UserListParams = PageParams & { q: string };

const paths: Record<UserListKind, string> = {
  sellers: '/api/allSellers',
  buyers: '/api/allBuyers',
  users: '/api/allUsers',
};

/** GET /api/allSellers | allBuyers | allUsers?page=&limit=&q= (q: name or email). */
export function getUsers(kind: UserListKind, params: UserListParams) {
  const query = pageQuery(params, { q: params.q.trim() });
  return fetchPage(`${paths[kind]}?${query}`, adminUserSchema, params);
}

export const usersQueryOptions = (kind: UserListKind, params: UserListParams) =>
  queryOptions({
    queryKey: adminKeys.users(kind, params),
    queryFn: () => getUsers(kind, params),
    // Keep showing the last page while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useUsers(kind: UserListKind, params: UserListParams) {
  return useQuery(usersQueryOptions(kind, params));
}
