import { useMutation } from '@tanstack/react-query';
import { REVIEW_REPORT_REASON_MAX, REVIEW_REPORT_REASON_MIN } from '@laptops/shared/reviews';
import { apiRequest, serverChecked } from '../../../lib/api-client.ts';

/** The reason's length the report route takes (trimmed): reviewReportBodySchema's. */
export const REVIEW_REPORT_REASON = {
  min: REVIEW_REPORT_REASON_MIN,
  max: REVIEW_REPORT_REASON_MAX,
} as const;

/** POST /api/reviews/:reviewId/report: tells the admins a review breaks the rules. */
export function reportReview(reviewId: string, reason: string) {
  return apiRequest(
    `/api/reviews/${encodeURIComponent(reviewId)}/report`,
    serverChecked<{ reported: true }>(),
    { method: 'POST', json: { reason } },
  );
}

export function useReportReview(reviewId: string) {
  return useMutation({ mutationFn: (reason: string) => reportReview(reviewId, reason) });
}
