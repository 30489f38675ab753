import { z } from 'zod';

/**
 * POST /api/images (multipart field `image`), answering `{ success, data: { url } }` as
 * the image host of the original calls did.
 */
export const imageUploadResultSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string() }),
});

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
