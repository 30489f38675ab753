import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema/images.ts';
import type { ImageStorage } from './image-storage.ts';
import { imageUrl } from './image-storage.ts';
import { toStoredWebp, toThumbnailWebp } from './process-image.ts';

/** Stores an uploaded image for its uploader and returns its URL. */
export async function storeUpload(
  deps: { db: Db; storage: ImageStorage },
  uploaderId: string,
  bytes: Buffer,
): Promise<string> {
  const webp = await toStoredWebp(bytes);
  const id = randomUUID();
  const key = `${id}.webp`;
  await deps.storage.put(key, webp);
  await deps.storage.put(thumbnailKey(key), await toThumbnailWebp(webp));
  await deps.db.insert(images).values({ key, uploaderId });
  return imageUrl(key);
}

const ownUrlPattern = /^\/api\/images\/([a-z0-9-]+\.webp)$/;

/** True when `url` is an image our /api/images issued to this user. */
export async function isOwnUploadedImage(
  db: Db,
  url: string,
  uploaderId: string,
): Promise<boolean> {
  const key = ownUrlPattern.exec(url)?.[1];
  if (!key) return false;
  const [row] = await db
    .select({ key: images.key })
    .from(images)
    .where(and(eq(images.key, key), eq(images.uploaderId, uploaderId)));
  return row !== undefined;
}

/** Cards show a small copy of each image: `<id>.webp` has `<id>-thumb.webp`. */
export function thumbnailKey(key: string): string {
  return key.replace(/\.webp$/, '-thumb.webp');
}

/** The thumbnail URL of one of our image URLs (other URLs are returned as they are). */
export function thumbnailUrl(url: string): string {
  return ownUrlPattern.test(url) ? url.replace(/\.webp$/, '-thumb.webp') : url;
}
