import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderReviewsSchema, type WriteReviewBody } from '@laptops/shared/reviews';
import { apiRequest } from '../../../lib/api-client.ts';
import { reviewKeys } from './review-keys.ts';

/** POST /api/orders/:id/reviews: the viewer reviews the other side; answers the new state. */
export function writeReview({ orderId, ...input }: WriteReviewBody & { orderId: string }) {
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}/reviews`, orderReviewsSchema, {
    method: 'POST',
    json: input,
  });
}

export function useWriteReview(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WriteReviewBody) => writeReview({ orderId, ...input }),
    onSuccess: (reviews) => queryClient.setQueryData(reviewKeys.order(orderId), reviews),
  });
}
