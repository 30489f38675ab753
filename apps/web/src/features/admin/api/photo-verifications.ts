import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  photoVerificationQueueItemSchema,
  type PhotoVerificationDecisionBody,
} from '@laptops/shared/photo-verification';
import { modifiedCountSchema } from '@laptops/shared/products';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/query-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';
import { fetchPage, pageQuery, type PageParams } from './fetch-page.ts';

/** GET /api/admin/photo-verifications?page=&limit=: photos waiting, the oldest first. */
export function getPhotoVerifications(params: PageParams) {
  return fetchPage(
    `/api/admin/photo-verifications?${pageQuery(params)}`,
    photoVerificationQueueItemSchema,
    params,
  );
}

export const photoVerificationsQueryOptions = (params: PageParams) =>
  queryOptions({
    // Under the admin prefix (every admin action refreshes it), spelled here rather than
    // in lib/query-keys.ts, which Home downloads and whose budget is full.
    queryKey: [...adminKeys.all, 'photo-verifications', params],
    queryFn: () => getPhotoVerifications(params),
    placeholderData: keepPreviousData,
  });

export function usePhotoVerifications(params: PageParams) {
  return useQuery(photoVerificationsQueryOptions(params));
}

/** POST …/:verificationId/decision: approve, or reject with the reason the seller reads. */
export function decidePhotoVerification({
  verificationId,
  ...decision
}: PhotoVerificationDecisionBody & { verificationId: string }) {
  return apiRequest(
    `/api/admin/photo-verifications/${encodeURIComponent(verificationId)}/decision`,
    modifiedCountSchema,
    { method: 'POST', json: decision },
  );
}

export function useDecidePhotoVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decidePhotoVerification,
    onSuccess: () => refreshAfterWrite(queryClient, [adminKeys.all]),
  });
}
