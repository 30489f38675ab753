import { apiErrorSchema } from '@laptops/shared/errors';
import { imageUploadResultSchema } from '@laptops/shared/images';
import { ApiRequestError } from './api-client.ts';
import { messages } from './messages.ts';

/**
 * Uploads one image to POST /api/images (multipart field `image`) and resolves
 * with its URL. XMLHttpRequest rather than fetch, because only it reports upload
 * progress (0 to 1) to show on slow connections.
 */
export function uploadImage(file: File, onProgress?: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/images');
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiRequestError(0, 'NETWORK_ERROR', messages.networkError));
    request.onload = () => {
      const body: unknown = request.response;
      if (request.status >= 200 && request.status < 300) {
        const parsed = imageUploadResultSchema.safeParse(body);
        if (parsed.success) return resolve(parsed.data.data.url);
      }
      const error = apiErrorSchema.safeParse(body);
      reject(
        error.success
          ? new ApiRequestError(request.status, error.data.error.code, error.data.error.message)
          : new ApiRequestError(request.status, 'UPLOAD_FAILED', messages.serverError),
      );
    };
    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
}
