import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderReviewsSchema, type ReviewReplyBody } from '@laptops/shared/reviews';
import { apiRequest } from '../../../lib/api-client.ts';
import { reviewKeys } from './review-keys.ts';

/** POST /api/reviews/:reviewId/reply: the reviewed person answers, once. */
export function replyToReview({ reviewId, ...input }: ReviewReplyBody & { reviewId: string }) {
  return apiRequest(`/api/reviews/${encodeURIComponent(reviewId)}/reply`, orderReviewsSchema, {
    method: 'POST',
    json: input,
  });
}

export function useReplyToReview(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToReview,
    onSuccess: (reviews) => queryClient.setQueryData(reviewKeys.order(orderId), reviews),
  });
}
