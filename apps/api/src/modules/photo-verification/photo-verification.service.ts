/**
 * A listing's verification photo: a code the server makes, the seller's photo of the
 * laptop with it written beside, and an admin's decision (decision 0044).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { MIN_LISTING_PHOTO_SIDE } from '@laptops/shared/images';
import { imageMessages } from '@laptops/shared/messages';
import {
  photoVerificationMessages as m,
  VERIFICATION_CODE_ALPHABET,
  VERIFICATION_CODE_LENGTH,
  type PhotoVerification,
  type PhotoVerificationDecision,
  type PhotoVerificationQueueItem,
} from '@laptops/shared/photo-verification';
import type { Db } from '../../db/client.ts';
import { photoVerifications } from '../../db/schema/photo-verifications.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { audit } from '../admin/admin.service.ts';
import type { Viewer } from '../auth/viewer.ts';
import { PRIVATE_IMAGE_PREFIX, type ImageStorage } from '../images/image-storage.ts';
import { toStoredWebp } from '../images/process-image.ts';

export type PhotoVerificationDeps = { db: Db; storage: ImageStorage };

type VerificationRow = typeof photoVerifications.$inferSelect;

/** Six characters a person copies by hand without doubt, chosen by the server only. */
export function newVerificationCode(): string {
  let code = '';
  for (let i = 0; i < VERIFICATION_CODE_LENGTH; i++) {
    code += VERIFICATION_CODE_ALPHABET[randomInt(VERIFICATION_CODE_ALPHABET.length)];
  }
  return code;
}

/** Where the photo is read from: its seller and admins only (GET checks who asks). */
export const verificationPhotoUrl = (verificationId: string) =>
  `/api/photo-verifications/${verificationId}/photo`;

function toView(row: VerificationRow | undefined): PhotoVerification {
  if (!row) {
    return {
      status: 'none',
      verificationId: null,
      code: null,
      instructions: m.instructions,
      requestedAt: null,
      submittedAt: null,
      decidedAt: null,
      rejectReason: null,
      photoUrl: null,
    };
  }
  return {
    status: row.status,
    verificationId: row.id,
    code: row.code,
    instructions: m.instructions,
    requestedAt: row.requestedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
    photoUrl: row.photoKey ? verificationPhotoUrl(row.id) : null,
  };
}

/** The seller's own listing still listed, or 404 (another seller's is not theirs to see). */
async function ownListing(db: Db, sellerId: string, productId: string, lock?: 'update') {
  const query = db
    .select({ id: products.id, status: products.status })
    .from(products)
    .where(
      and(eq(products.id, productId), eq(products.sellerId, sellerId), isNull(products.deletedAt)),
    );
  const [listing] = await (lock ? query.for(lock) : query);
  if (!listing) throw notFound('You have no such laptop.');
  return listing;
}

async function latestOf(db: Db, productId: string) {
  const [row] = await db
    .select()
    .from(photoVerifications)
    .where(eq(photoVerifications.productId, productId))
    .orderBy(desc(photoVerifications.requestedAt), desc(photoVerifications.id))
    .limit(1);
  return row;
}

/** GET /api/myProducts/:id/verification: where the listing's verification stands. */
export async function sellerVerification(
  db: Db,
  sellerId: string,
  productId: string,
): Promise<PhotoVerification> {
  await ownListing(db, sellerId, productId);
  return toView(await latestOf(db, productId));
}

/**
 * POST /api/myProducts/:id/verification/code: a code for the listing. While one waits
 * for its photo, asking again answers the same code (a reload must not change what the
 * seller already wrote down); a new one only after a rejection or a lapse.
 */
export async function requestVerificationCode(
  db: Db,
  sellerId: string,
  productId: string,
): Promise<{ created: boolean; verification: PhotoVerification }> {
  return db.transaction(async (tx) => {
    // Locked: two requests at once make one code, not two.
    const listing = await ownListing(tx, sellerId, productId, 'update');
    if (listing.status === 'sold') throw new HttpError(409, 'PRODUCT_SOLD', m.sold);
    const latest = await latestOf(tx, productId);
    if (latest?.status === 'awaiting-photo')
      return { created: false, verification: toView(latest) };
    if (latest?.status === 'waiting-for-review')
      throw new HttpError(409, 'VERIFICATION_WAITING', m.alreadyWaiting);
    if (latest?.status === 'approved')
      throw new HttpError(409, 'VERIFICATION_APPROVED', m.alreadyApproved);
    const [row] = await tx
      .insert(photoVerifications)
      .values({ productId, sellerId, code: newVerificationCode() })
      .returning();
    return { created: true, verification: toView(row) };
  });
}

/**
 * POST /api/myProducts/:id/verification/photo: the photo with the code, through the
 * listing photos' pipeline (read by its bytes, re-encoded to WebP without metadata, at
 * least 480 px on its shorter side), stored under a private key. The listing then
 * waits for an admin.
 */
export async function submitVerificationPhoto(
  deps: PhotoVerificationDeps,
  sellerId: string,
  productId: string,
  bytes: Buffer,
): Promise<PhotoVerification> {
  // Checked before the image work, so a refusal costs no decoding.
  const before = await latestOf(deps.db, (await ownListing(deps.db, sellerId, productId)).id);
  if (before?.status !== 'awaiting-photo') throw refusalFor(before);
  const { webp, width, height } = await toStoredWebp(bytes);
  if (Math.min(width, height) < MIN_LISTING_PHOTO_SIDE) {
    throw new HttpError(
      400,
      'PHOTO_TOO_SMALL',
      imageMessages.photoTooSmall(width, height, MIN_LISTING_PHOTO_SIDE),
    );
  }
  const key = `${PRIVATE_IMAGE_PREFIX}${randomUUID()}.webp`;
  await deps.storage.put(key, webp);
  try {
    return await deps.db.transaction(async (tx) => {
      const listing = await ownListing(tx, sellerId, productId, 'update');
      if (listing.status === 'sold') throw new HttpError(409, 'PRODUCT_SOLD', m.sold);
      const latest = await latestOf(tx, productId);
      if (latest?.status !== 'awaiting-photo') throw refusalFor(latest);
      const [row] = await tx
        .update(photoVerifications)
        .set({ status: 'waiting-for-review', photoKey: key, submittedAt: new Date() })
        .where(eq(photoVerifications.id, latest.id))
        .returning();
      return toView(row);
    });
  } catch (error) {
    // Refused after storing: the photo belongs to nothing, so it goes.
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

function refusalFor(latest: VerificationRow | undefined) {
  if (latest?.status === 'waiting-for-review')
    return new HttpError(409, 'VERIFICATION_WAITING', m.alreadyWaiting);
  if (latest?.status === 'approved')
    return new HttpError(409, 'VERIFICATION_APPROVED', m.alreadyApproved);
  return new HttpError(409, 'NO_VERIFICATION_CODE', m.notAwaitingPhoto);
}

/**
 * GET /api/photo-verifications/:verificationId/photo: the bytes, for the listing's
 * seller and admins. Anyone else gets a 404, as if there were no such photo.
 */
export async function verificationPhoto(
  deps: PhotoVerificationDeps,
  viewer: Viewer,
  verificationId: string,
): Promise<Buffer> {
  const [row] = await deps.db
    .select({ sellerId: photoVerifications.sellerId, photoKey: photoVerifications.photoKey })
    .from(photoVerifications)
    .where(eq(photoVerifications.id, verificationId));
  const allowed = row && (viewer.typeOfUser === 'admin' || row.sellerId === viewer.id);
  const bytes = allowed && row.photoKey ? await deps.storage.get(row.photoKey) : undefined;
  if (!bytes) throw notFound('There is no such photo.');
  return bytes;
}

/**
 * A photo waiting for an admin, of a listing still for sale: one withdrawn, deleted or
 * sold meanwhile has nothing left to vouch for, so the queue does not show it.
 */
const waitingForSale = and(
  eq(photoVerifications.status, 'waiting-for-review'),
  isNull(products.deletedAt),
  eq(products.status, 'available'),
);

/** GET /api/admin/photo-verifications: photos waiting for an admin, the oldest first. */
export async function listWaitingVerifications(
  db: Db,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: PhotoVerificationQueueItem[]; total: number }> {
  const [found, [totals]] = await Promise.all([
    db
      .select({
        id: photoVerifications.id,
        code: photoVerifications.code,
        submittedAt: photoVerifications.submittedAt,
        productId: products.id,
        name: products.name,
        model: products.model,
        image: products.image,
        morePhotos: products.morePhotos,
        sellerId: users.id,
        sellerName: users.name,
        sellerEmail: users.email,
      })
      .from(photoVerifications)
      .innerJoin(products, eq(products.id, photoVerifications.productId))
      .innerJoin(users, eq(users.id, photoVerifications.sellerId))
      .where(waitingForSale)
      .orderBy(asc(photoVerifications.submittedAt), asc(photoVerifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    countWaiting(db),
  ]);
  return {
    rows: found.map((row) => ({
      verificationId: row.id,
      code: row.code,
      photoUrl: verificationPhotoUrl(row.id),
      submittedAt: (row.submittedAt ?? new Date(0)).toISOString(),
      product: {
        _id: row.productId,
        name: row.name,
        model: row.model,
        photos: [row.image, ...row.morePhotos],
      },
      seller: { _id: row.sellerId, name: row.sellerName, email: row.sellerEmail },
    })),
    total: totals?.n ?? 0,
  };
}

/**
 * POST /api/admin/photo-verifications/:verificationId/decision: approve (the listing
 * shows "Photo verified") or reject with a reason the seller reads. Written to the
 * activity log in the same transaction.
 */
export async function decideVerification(
  db: Db,
  admin: Viewer,
  verificationId: string,
  decision: PhotoVerificationDecision,
): Promise<{ modifiedCount: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: photoVerifications.id,
        status: photoVerifications.status,
        code: photoVerifications.code,
        productId: photoVerifications.productId,
        productName: products.name,
      })
      .from(photoVerifications)
      .innerJoin(products, eq(products.id, photoVerifications.productId))
      .where(eq(photoVerifications.id, verificationId))
      .for('update', { of: photoVerifications });
    if (!row) throw notFound('There is no such verification photo.');
    if (row.status !== 'waiting-for-review')
      throw new HttpError(409, 'VERIFICATION_DECIDED', m.notWaiting);
    const approved = decision.decision === 'approve';
    const reason = decision.decision === 'reject' ? decision.reason : null;
    await tx
      .update(photoVerifications)
      .set({
        status: approved ? 'approved' : 'rejected',
        decidedAt: new Date(),
        decidedBy: admin.id,
        rejectReason: reason,
      })
      .where(eq(photoVerifications.id, verificationId));
    await audit(
      tx,
      admin,
      approved ? 'approve-verification-photo' : 'reject-verification-photo',
      row.productName,
      { verificationId, productId: row.productId, code: row.code, ...(reason && { reason }) },
    );
    return { modifiedCount: 1 };
  });
}

/** How many photos wait for an admin (the admin overview's count). */
export async function countWaitingVerifications(db: Db): Promise<number> {
  const [row] = await countWaiting(db);
  return row?.n ?? 0;
}

function countWaiting(db: Db) {
  return db
    .select({ n: count() })
    .from(photoVerifications)
    .innerJoin(products, eq(products.id, photoVerifications.productId))
    .where(waitingForSale);
}

/**
 * After an edit of what the laptop is or looks like (its name, brand, model or photos),
 * an approval no longer vouches for the listing: it lapses, and the badge goes until a
 * new photo is approved. Called inside the edit's transaction.
 */
export async function lapseApproval(tx: Db, productId: string): Promise<void> {
  await tx
    .update(photoVerifications)
    .set({ status: 'lapsed', lapsedAt: new Date() })
    .where(
      and(eq(photoVerifications.productId, productId), eq(photoVerifications.status, 'approved')),
    );
}

/** SQL for a listing row's badge: an approval that has not lapsed. */
export const photoVerifiedSql = sql<boolean>`exists (
  select 1 from photo_verifications pv
  where pv.product_id = "products"."id" and pv.status = 'approved')`;
