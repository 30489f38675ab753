import sharp from 'sharp';
import { imageMessages } from '@laptops/shared/messages';
import { HttpError } from '../../lib/http-error.ts';

/** Refuse decompression bombs: no upload may decode to more than 40 megapixels. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Stored images are at most this wide or tall; plenty for a card or a profile picture. */
export const MAX_STORED_SIDE = 1600;

const acceptedFormats = new Set(['jpeg', 'png', 'webp']);

/**
 * Checks what the bytes really are (never the file name or the declared type),
 * then re-encodes to WebP. Re-encoding drops EXIF, GPS and every other metadata.
 * Answers the WebP and the size of the picture as uploaded.
 */
export async function toStoredWebp(
  input: Buffer,
): Promise<{ webp: Buffer; width: number; height: number }> {
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    ({
      format,
      width = 0,
      height = 0,
    } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new HttpError(400, 'IMAGE_TOO_LARGE', imageMessages.tooManyPixels);
    }
    throw new HttpError(400, 'IMAGE_UNREADABLE', imageMessages.unreadable);
  }
  if (!format || !acceptedFormats.has(format)) {
    throw new HttpError(415, 'IMAGE_TYPE_UNSUPPORTED', imageMessages.unsupported);
  }
  try {
    const webp = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: MAX_STORED_SIDE,
        height: MAX_STORED_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer();
    return { webp, width, height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new HttpError(400, 'IMAGE_TOO_LARGE', imageMessages.tooManyPixels);
    }
    throw new HttpError(400, 'IMAGE_UNREADABLE', imageMessages.unreadable);
  }
}

/** Product cards are at most about 480 px wide, twice that on sharp screens is plenty. */
export const THUMBNAIL_WIDTH = 640;

/** A smaller WebP of an image we already stored (so it is known to be safe). */
export async function toThumbnailWebp(storedWebp: Buffer): Promise<Buffer> {
  return sharp(storedWebp)
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
}
