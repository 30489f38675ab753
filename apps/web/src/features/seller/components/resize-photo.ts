import { MAX_IMAGE_BYTES, MIN_LISTING_PHOTO_SIDE } from '@laptops/shared/images';
import { imageMessages } from '@laptops/shared/messages';

/** The server keeps photos at most this long on their long side; more is wasted upload. */
export const MAX_PHOTO_SIDE = 1600;
const QUALITY = 0.85;

/** The size a width × height picture has once fitted within `max` on its long side. */
export function fitWithin(
  width: number,
  height: number,
  max = MAX_PHOTO_SIDE,
): { width: number; height: number } {
  const longSide = Math.max(width, height);
  if (longSide <= max) return { width, height };
  const scale = max / longSide;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Draws a bitmap onto a canvas (OffscreenCanvas where there is one) and encodes it. */
async function encode(
  bitmap: ImageBitmap,
  size: { width: number; height: number },
  type: string,
): Promise<Blob | null> {
  const draw = (context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D) => {
    // White behind a transparent PNG: JPEG has no transparency and would show black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
  };
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    draw(context);
    return canvas.convertToBlob({ type, quality: QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  draw(context);
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}

const renamed = (name: string, type: string) =>
  `${name.replace(/\.[^.]*$/, '') || 'photo'}.${type === 'image/webp' ? 'webp' : 'jpg'}`;

/** A photo too small for a listing, refused before it is uploaded (the server refuses it too). */
export class PhotoTooSmallError extends Error {
  constructor(width: number, height: number) {
    super(imageMessages.photoTooSmall(width, height, MIN_LISTING_PHOTO_SIDE));
  }
}

/**
 * A phone photo (4000 px, several MB) made at most 1600 px on its long side, as WebP
 * (JPEG where the browser cannot encode WebP), so it uploads in seconds on a phone
 * connection. A photo already small enough is kept as it is, and so is one the browser
 * cannot read: the server checks and converts every upload anyway. A photo too small
 * to show the laptop throws PhotoTooSmallError.
 */
export async function resizePhoto(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  if (Math.min(bitmap.width, bitmap.height) < MIN_LISTING_PHOTO_SIDE) {
    const { width, height } = bitmap;
    bitmap.close();
    throw new PhotoTooSmallError(width, height);
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const needsResize = size.width !== bitmap.width || size.height !== bitmap.height;
    if (!needsResize && file.size <= MAX_IMAGE_BYTES) return file;
    let blob = await encode(bitmap, size, 'image/webp');
    // A browser that cannot encode WebP gives PNG instead: JPEG is far smaller.
    if (blob && blob.type !== 'image/webp') blob = await encode(bitmap, size, 'image/jpeg');
    if (!blob || (!needsResize && blob.size >= file.size)) return file;
    return new File([blob], renamed(file.name, blob.type), {
      type: blob.type,
      lastModified: file.lastModified,
    });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
