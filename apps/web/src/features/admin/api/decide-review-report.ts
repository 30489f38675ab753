import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedCountSchema } from '@laptops/shared/products';
import type { HideReviewBody } from '@laptops/shared/reviews';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

const reviewPath = (reviewId: string, action: string) =>
  `/api/admin/review-reports/${encodeURIComponent(reviewId)}/${action}`;

/** POST …/hide: nobody but admins reads the review now; its open reports are resolved. */
export function hideReview({ reviewId, ...input }: HideReviewBody & { reviewId: string }) {
  return apiRequest(reviewPath(reviewId, 'hide'), modifiedCountSchema, {
    method: 'POST',
    json: input,
  });
}

/** POST …/dismiss: the review stays; its open reports are resolved. */
export function dismissReviewReports(reviewId: string) {
  return apiRequest(reviewPath(reviewId, 'dismiss'), modifiedCountSchema, { method: 'POST' });
}

export function useHideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hideReview,
    onSuccess: () => refreshAfterWrite(queryClient, [adminKeys.all]),
  });
}

export function useDismissReviewReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissReviewReports,
    onSuccess: () => refreshAfterWrite(queryClient, [adminKeys.all]),
  });
}
