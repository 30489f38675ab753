import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { myBuyerSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';

export const myBuyersQueryKey = ['my-buyers'] as const;

/** The bookings of the signed-in seller's products, with their paid state. */
export function getMyBuyers() {
  return apiRequest('/api/myBuyers', z.array(myBuyerSchema));
}

export const myBuyersQueryOptions = () =>
  queryOptions({ queryKey: myBuyersQueryKey, queryFn: getMyBuyers });

export function useMyBuyers() {
  return useQuery(myBuyersQueryOptions());
}
