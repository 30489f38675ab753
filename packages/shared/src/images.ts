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

/**
 * A listing photo's shorter side, at least: buyers zoom in on scratches and keys, and a
 * card is about 480 px wide on a sharp screen. Profile pictures and message photos may
 * be smaller.
 */
export const MIN_LISTING_PHOTO_SIDE = 480;
