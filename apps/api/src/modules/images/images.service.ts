import { randomUUID } from 'node:crypto';
import { and, arrayContains, eq, lt, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema/categories.ts';
import { messages } from '../../db/schema/conversations.ts';
import { disputes } from '../../db/schema/disputes.ts';
import { images } from '../../db/schema/images.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import type { ImageStorage } from './image-storage.ts';
import { imageUrl } from './image-storage.ts';
import { toStoredWebp, toThumbnailWebp } from './process-image.ts';

/** Stores an uploaded image for its uploader and returns its URL. */
export async function storeUpload(
  deps: { db: Db; storage: ImageStorage },
  uploaderId: string,
  bytes: Buffer,
): Promise<string> {
  const { webp, width, height } = await toStoredWebp(bytes);
  const id = randomUUID();
  const key = `${id}.webp`;
  await deps.storage.put(key, webp);
  await deps.storage.put(thumbnailKey(key), await toThumbnailWebp(webp));
  await deps.db.insert(images).values({ key, uploaderId, width, height });
  return imageUrl(key);
}

const ownUrlPattern = /^\/api\/images\/([a-z0-9-]+\.webp)$/;

/** True when `url` is an image our /api/images issued to this user. */
export async function isOwnUploadedImage(
  db: Db,
  url: string,
  uploaderId: string,
): Promise<boolean> {
  return (await ownUploadedImage(db, url, uploaderId)) !== null;
}

/**
 * The image our /api/images issued to this user at `url`, with its size as uploaded
 * (null for images uploaded before sizes were kept); null when it is not theirs.
 */
export async function ownUploadedImage(
  db: Db,
  url: string,
  uploaderId: string,
): Promise<{ width: number | null; height: number | null } | null> {
  const key = ownUrlPattern.exec(url)?.[1];
  if (!key) return null;
  const [row] = await db
    .select({ width: images.width, height: images.height })
    .from(images)
    .where(and(eq(images.key, key), eq(images.uploaderId, uploaderId)));
  return row ?? null;
}

/** Cards show a small copy of each image: `<id>.webp` has `<id>-thumb.webp`. */
export function thumbnailKey(key: string): string {
  return key.replace(/\.webp$/, '-thumb.webp');
}

/** The thumbnail URL of one of our image URLs (other URLs are returned as they are). */
export function thumbnailUrl(url: string): string {
  return ownUrlPattern.test(url) ? url.replace(/\.webp$/, '-thumb.webp') : url;
}

/**
 * Deletes the uploads that nothing shows (no listing's photo, withdrawn or not, no profile,
 * no category, no message, no dispute's evidence) and that were uploaded before `uploadedBefore`, with their
 * thumbnails. Returns how many went. One statement picks and deletes them, so
 * instances sweeping at once never delete the same upload twice. The age is the
 * guard for a form still being filled in: an upload is used only once its form is
 * sent, and one sent after its upload was swept is refused as not ours.
 */
export async function deleteUnusedUploads(
  deps: { db: Db; storage: ImageStorage },
  uploadedBefore: Date,
): Promise<number> {
  const url = sql`'/api/images/' || ${images.key}`;
  const deleted = await deps.db
    .delete(images)
    .where(
      and(
        lt(images.createdAt, uploadedBefore),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(products)
            .where(
              or(eq(products.image, url), arrayContains(products.morePhotos, sql`array[${url}]`)),
            ),
        ),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(users)
            .where(eq(users.image, url)),
        ),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(categories)
            .where(eq(categories.image, url)),
        ),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(messages)
            .where(eq(messages.image, url)),
        ),
        // A dispute's evidence is kept by its key.
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(disputes)
            .where(arrayContains(disputes.photos, sql`array[${images.key}]`)),
        ),
      ),
    )
    .returning();
  // An upload whose files cannot be deleted now (the bucket is down) gets its row back,
  // so the next sweep tries again; the others are still deleted.
  const left: (typeof deleted)[number][] = [];
  for (const upload of deleted) {
    try {
      await deps.storage.delete(upload.key);
      await deps.storage.delete(thumbnailKey(upload.key));
    } catch {
      left.push(upload);
    }
  }
  if (left.length > 0) {
    await deps.db.insert(images).values(left).onConflictDoNothing();
    throw new Error(`Could not delete unused images: ${left.map((u) => u.key).join(', ')}`);
  }
  return deleted.length;
}
