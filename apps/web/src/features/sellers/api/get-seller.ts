import { queryOptions, useQuery } from '@tanstack/react-query';
import { sellerProfileSchema, sellerReviewsPageSchema } from '@laptops/shared/sellers';
import { apiRequest } from '../../../lib/api-client.ts';
import { sellerProfileKeys } from '../../../lib/query-keys.ts';

/** GET /api/sellers/:id: a seller's public profile (404 for anyone who is not a seller). */
export function getSeller(id: string) {
  return apiRequest(`/api/sellers/${encodeURIComponent(id)}`, sellerProfileSchema);
}

export const sellerQueryOptions = (id: string) =>
  queryOptions({ queryKey: sellerProfileKeys.profile(id), queryFn: () => getSeller(id) });

export function useSeller(id: string) {
  return useQuery(sellerQueryOptions(id));
}

/** GET /api/sellers/:id/reviews: the page of reviews after `cursor`. */
export function getSellerReviews(id: string, cursor: string) {
  return apiRequest(
    `/api/sellers/${encodeURIComponent(id)}/reviews?${new URLSearchParams({ cursor })}`,
    sellerReviewsPageSchema,
  );
}
