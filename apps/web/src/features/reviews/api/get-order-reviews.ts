import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderReviewsSchema } from '@laptops/shared/reviews';
import { apiRequest } from '../../../lib/api-client.ts';
import { reviewKeys } from './review-keys.ts';

/** GET /api/orders/:id/reviews: the deal's reviews, for its buyer or seller. */
export function getOrderReviews(orderId: string) {
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}/reviews`, orderReviewsSchema);
}

export const orderReviewsQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: reviewKeys.order(orderId), queryFn: () => getOrderReviews(orderId) });

export function useOrderReviews(orderId: string) {
  return useQuery(orderReviewsQueryOptions(orderId));
}
