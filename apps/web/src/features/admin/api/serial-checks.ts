import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { deletedCountSchema, modifiedCountSchema } from '@laptops/shared/products';
import {
  markedStolenSchema,
  serialFlagSchema,
  stolenSerialSchema,
  type StolenSerialInput,
} from '@laptops/shared/serial-checks';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

// Under the admin prefix (every admin action refreshes it), spelled here rather than in
// lib/query-keys.ts, which Home downloads and whose budget is full.
const serialFlagsKey = [...adminKeys.all, 'serial-flags'] as const;
const stolenSerialsKey = [...adminKeys.all, 'stolen-serials'] as const;

/** GET /api/admin/serial-flags: serials several sellers list, or reported stolen. */
export const serialFlagsQueryOptions = () =>
  queryOptions({
    queryKey: serialFlagsKey,
    queryFn: () => apiRequest('/api/admin/serial-flags', z.array(serialFlagSchema)),
  });

/** GET /api/admin/stolen-serials: the marks, newest first, without their serials. */
export const stolenSerialsQueryOptions = () =>
  queryOptions({
    queryKey: stolenSerialsKey,
    queryFn: () => apiRequest('/api/admin/stolen-serials', z.array(stolenSerialSchema)),
  });

export const useSerialFlags = () => useQuery(serialFlagsQueryOptions());
export const useStolenSerials = () => useQuery(stolenSerialsQueryOptions());

const flagPath = (key: string, action: string) =>
  `/api/admin/serial-flags/${encodeURIComponent(key)}/${action}`;

/** Refreshes every admin list (the queue, the marks, the reports, the activity log). */
function useAdminWrite<Variables, Data>(mutationFn: (variables: Variables) => Promise<Data>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => refreshAfterWrite(queryClient, [adminKeys.all]),
  });
}

export const useDismissSerialFlag = () =>
  useAdminWrite((key: string) =>
    apiRequest(flagPath(key, 'dismiss'), modifiedCountSchema, { method: 'POST' }),
  );

export const useTakeDownSerialListing = () =>
  useAdminWrite(({ key, productId }: { key: string; productId: string }) =>
    apiRequest(flagPath(key, 'take-down'), deletedCountSchema, {
      method: 'POST',
      json: { productId },
    }),
  );

export const useMarkSerialStolen = () =>
  useAdminWrite((input: StolenSerialInput) =>
    apiRequest('/api/admin/stolen-serials', markedStolenSchema, { method: 'POST', json: input }),
  );

export const useUnmarkSerialStolen = () =>
  useAdminWrite((id: string) =>
    apiRequest(`/api/admin/stolen-serials/${encodeURIComponent(id)}`, deletedCountSchema, {
      method: 'DELETE',
    }),
  );
