import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  photoVerificationSchema,
  type PhotoVerification,
} from '@laptops/shared/photo-verification';
import { apiRequest } from '../../../lib/api-client.ts';
import { sellerKeys } from '../../../lib/query-keys.ts';

const base = (productId: string) => `/api/myProducts/${encodeURIComponent(productId)}/verification`;

/**
 * Under My products' key (spelled here: lib/query-keys.ts is in Home's download, whose
 * budget is full), so a write to the seller's listings asks again.
 */
const verificationKey = (productId: string) =>
  [...sellerKeys.products, productId, 'verification'] as const;

/** GET /api/myProducts/:id/verification: the code, the photo sent, the admin's answer. */
export function getPhotoVerification(productId: string) {
  return apiRequest(base(productId), photoVerificationSchema);
}

export const photoVerificationQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: verificationKey(productId),
    queryFn: () => getPhotoVerification(productId),
  });

export function usePhotoVerification(productId: string) {
  return useQuery(photoVerificationQueryOptions(productId));
}

/** POST …/code: a code made by the server (the same one while it waits for its photo). */
export function requestVerificationCode(productId: string) {
  return apiRequest(`${base(productId)}/code`, photoVerificationSchema, { method: 'POST' });
}

/** POST …/photo (multipart field `image`): the photo with the code, for an admin. */
export function sendVerificationPhoto({ productId, photo }: { productId: string; photo: File }) {
  const form = new FormData();
  form.append('image', photo);
  return apiRequest(`${base(productId)}/photo`, photoVerificationSchema, {
    method: 'POST',
    body: form,
  });
}

/** Both writes answer the new state, which replaces the one shown. */
function useVerificationWrite<Input>(
  productId: string,
  write: (input: Input) => Promise<PhotoVerification>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (state) => queryClient.setQueryData(verificationKey(productId), state),
  });
}

export function useRequestVerificationCode(productId: string) {
  return useVerificationWrite(productId, () => requestVerificationCode(productId));
}

export function useSendVerificationPhoto(productId: string) {
  return useVerificationWrite(productId, (photo: File) =>
    sendVerificationPhoto({ productId, photo }),
  );
}
