import { and, count, desc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { centsToDollars } from '@laptops/shared/money';
import { imageMessages, productMessages } from '@laptops/shared/messages';
import { MIN_LISTING_PHOTO_SIDE } from '@laptops/shared/images';
import { specMessages } from '@laptops/shared/messages';
import { conditionDefinitions } from '@laptops/shared/conditions';
import type { MyBuyer, OwnProduct, ProductEdit, ProductInput } from '@laptops/shared/products';
import type { Db } from '../../db/client.ts';
import { specSourcesOf } from '../hardware-reports/report-token.ts';
import { serialColumns, type SerialSecrets } from '../serial-checks/listing-serial.ts';
import { categories } from '../../db/schema/categories.ts';
import { conversations } from '../../db/schema/conversations.ts';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { reports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Viewer } from '../auth/viewer.ts';
import {
  announce,
  systemLineText,
  writeLinesForOpenBookings,
  type Tell,
} from '../conversations/system-lines.ts';
import { listStatusesOf } from '../orders/deal-state.ts';
import { ownUploadedImage } from '../images/images.service.ts';
import { lapseApproval } from '../photo-verification/photo-verification.service.ts';
import { photoVerifications } from '../../db/schema/photo-verifications.ts';
import { listSellerProducts } from './products.service.ts';

const toCents = (dollars: number) => Math.round(dollars * 100);

/** The listing's columns from the fields a seller edited. */
function listingColumns(input: ProductEdit) {
  const {
    category,
    photos,
    originalPrice,
    resalePrice,
    deviceReports: _reports,
    serialNumber: _serial,
    ...rest
  } = input;
  return {
    ...rest,
    ...(category !== undefined && { categoryId: category }),
    ...(photos !== undefined && { image: photos[0], morePhotos: photos.slice(1) }),
    ...(originalPrice !== undefined && { originalPriceCents: toCents(originalPrice) }),
    ...(resalePrice !== undefined && { resalePriceCents: toCents(resalePrice) }),
  };
}

/**
 * The category must exist and every photo must be one the seller uploaded here: a
 * listing never shows someone else's picture or an address of the client's choosing.
 */
async function checkReferences(db: Db, sellerId: string, input: ProductEdit) {
  const fields: Record<string, string> = {};
  if (input.category !== undefined) {
    const [category] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, input.category));
    if (!category) fields.category = productMessages.categoryUnknown;
  }
  for (const photo of new Set(input.photos ?? [])) {
    const image = await ownUploadedImage(db, photo, sellerId);
    if (!image) {
      fields.photos = productMessages.imageNotOurs;
      break;
    }
    const { width, height } = image;
    if (width !== null && height !== null && Math.min(width, height) < MIN_LISTING_PHOTO_SIDE) {
      fields.photos = imageMessages.photoTooSmall(width, height, MIN_LISTING_PHOTO_SIDE);
      break;
    }
  }
  if (input.photos && new Set(input.photos).size !== input.photos.length) {
    fields.photos ??= specMessages.samePhotoTwice;
  }
  if (Object.keys(fields).length > 0) {
    throw new HttpError(
      400,
      'VALIDATION_ERROR',
      Object.values(fields)[0] ?? 'Invalid product',
      fields,
    );
  }
}

/**
 * Posts a product for the signed-in seller. Who sells it and when it was posted
 * come from the session and the server clock, never from the request.
 */
export async function addProduct(
  db: Db,
  seller: Viewer,
  input: ProductInput,
  secrets: SerialSecrets,
): Promise<string> {
  await checkReferences(db, seller.id, input);
  return db.transaction(async (tx) => {
    // The seller's account is read locked: one being deleted (whose listings are being
    // withdrawn) or made an admin (refused while they sell) meanwhile posts nothing.
    const [account] = await tx
      .select({ deletedAt: users.deletedAt, typeOfUser: users.typeOfUser })
      .from(users)
      .where(eq(users.id, seller.id))
      .for('share');
    if (!account || account.deletedAt || account.typeOfUser !== 'seller')
      throw new HttpError(403, 'FORBIDDEN', 'Only seller accounts can post laptops.');
    const { category, photos, originalPrice, resalePrice, deviceReports, serialNumber, ...fields } =
      input;
    // A stolen serial is refused here, before anything is written.
    const serial = serialNumber
      ? await serialColumns(tx, secrets, seller.id, serialNumber, deviceReports)
      : {};
    const [row] = await tx
      .insert(products)
      .values({
        ...fields,
        ...serial,
        specSources: markedSources(
          {},
          specSourcesOf(secrets.reportSecret, seller.id, deviceReports, fields),
        ),
        sellerId: seller.id,
        categoryId: category,
        image: photos[0] ?? '',
        morePhotos: photos.slice(1),
        originalPriceCents: toCents(originalPrice),
        resalePriceCents: toCents(resalePrice),
      })
      .returning({ id: products.id });
    if (!row) throw new Error('product insert returned no row');
    return row.id;
  });
}

/**
 * Edits the seller's own unsold listing: any field, the photos and their order. A
 * lowered price keeps the one before as "was" (the highest, over several cuts) until
 * the price is raised to it again. A booking already made keeps the price it was made
 * at (orders hold their own copy).
 */
export async function editMyProduct(
  db: Db,
  sellerId: string,
  id: string,
  edit: ProductEdit,
  secrets: SerialSecrets,
): Promise<{ modifiedCount: number; priceLowered: boolean }> {
  await checkReferences(db, sellerId, edit);
  return db.transaction(async (tx) => {
    // A new serial replaces the one on file (a stolen one is refused); null removes it.
    // Its lock first, as marking a serial stolen takes it before the listings' rows.
    const serial =
      edit.serialNumber === undefined
        ? {}
        : edit.serialNumber === null
          ? { serialHash: null, serialFromDevice: false }
          : await serialColumns(tx, secrets, sellerId, edit.serialNumber, edit.deviceReports);
    // Locked: a payment being recorded for it waits, so a sold laptop is never edited.
    const current = await findOwnProduct(tx, sellerId, id, 'update');
    if (current.status === 'sold')
      throw new HttpError(409, 'PRODUCT_SOLD', 'A sold laptop cannot be edited.');
    const grade = conditionDefinitions[edit.conditionType ?? current.conditionType];
    const battery = edit.batteryHealth === undefined ? current.batteryHealth : edit.batteryHealth;
    if (battery !== null && battery < grade.minBatteryHealth) {
      const message = specMessages.batteryBelowGrade(
        edit.conditionType ?? current.conditionType,
        grade.minBatteryHealth,
      );
      throw new HttpError(400, 'VALIDATION_ERROR', message, { batteryHealth: message });
    }
    const columns = listingColumns(edit);
    const newPrice = columns.resalePriceCents;
    let wasPriceCents = current.wasPriceCents;
    if (newPrice !== undefined && newPrice < current.resalePriceCents) {
      wasPriceCents = Math.max(current.wasPriceCents ?? 0, current.resalePriceCents);
    } else if (newPrice !== undefined && wasPriceCents !== null && newPrice >= wasPriceCents) {
      wasPriceCents = null;
    }
    // The specs edited keep or gain their mark only when a report vouches for the value.
    const specSources = markedSources(
      current.specSources,
      specSourcesOf(secrets.reportSecret, sellerId, edit.deviceReports, edit),
    );
    const updated = await tx
      .update(products)
      .set({ ...columns, ...serial, wasPriceCents, specSources })
      .where(eq(products.id, id))
      .returning({ id: products.id });
    if (updated.length > 0 && changesWhatWasVerified(current, columns)) {
      await lapseApproval(tx, id);
    }
    const priceLowered = newPrice !== undefined && newPrice < current.resalePriceCents;
    return { modifiedCount: updated.length, priceLowered: priceLowered && updated.length > 0 };
  });
}

/**
 * True when the edit changes what a verification photo was compared with: which laptop
 * it is (name, brand, model) or how it looks (the photos or their order's cover).
 */
function changesWhatWasVerified(
  current: typeof products.$inferSelect,
  columns: ReturnType<typeof listingColumns>,
): boolean {
  const changed = <T>(next: T | undefined, before: T) => next !== undefined && next !== before;
  const photosBefore = [current.image, ...current.morePhotos].join('\n');
  const photosAfter =
    columns.image === undefined
      ? photosBefore
      : [columns.image, ...(columns.morePhotos ?? [])].join('\n');
  return (
    changed(columns.name, current.name) ||
    changed(columns.categoryId, current.categoryId) ||
    changed(columns.model, current.model) ||
    photosAfter !== photosBefore
  );
}

/** The marks as they were, with those of the specs being saved set or removed. */
function markedSources(
  before: Record<string, 'device-report'>,
  changes: Partial<Record<string, 'device-report' | null>>,
): Record<string, 'device-report'> {
  const after = { ...before };
  for (const [field, source] of Object.entries(changes)) {
    if (source) after[field] = source;
    else delete after[field];
  }
  return after;
}

export function listMyProducts(db: Db, seller: Viewer): Promise<OwnProduct[]> {
  return listSellerProducts(db, seller);
}

/** The seller's own listed product, or 404 (another seller's product is not theirs to see). */
async function findOwnProduct(db: Db, sellerId: string, id: string, lock?: 'update') {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.sellerId, sellerId), isNull(products.deletedAt)));
  const [product] = await (lock ? query.for(lock) : query);
  if (!product) throw notFound('You have no such laptop.');
  return product;
}

export async function advertiseMyProduct(
  db: Db,
  sellerId: string,
  id: string,
): Promise<{ modifiedCount: number }> {
  const product = await findOwnProduct(db, sellerId, id);
  if (product.status === 'sold')
    throw new HttpError(409, 'PRODUCT_SOLD', 'A sold laptop cannot be advertised.');
  const updated = await db
    .update(products)
    .set({ isAdvertised: true })
    .where(
      and(eq(products.id, id), eq(products.isAdvertised, false), eq(products.status, 'available')),
    )
    .returning({ id: products.id });
  return { modifiedCount: updated.length };
}

/**
 * Removes the seller's unsold product. One that was booked, reported or asked about is
 * only withdrawn from sale, so orders, reports and conversations keep pointing at it.
 */
export async function deleteMyProduct(
  deps: { db: Db; tell: Tell },
  sellerId: string,
  id: string,
): Promise<{ deletedCount: number }> {
  const done = await deps.db.transaction(async (tx) => {
    // Locked: a payment being recorded or a booking being made for it waits, and
    // what is checked here still holds when it is deleted or withdrawn.
    const product = await findOwnProduct(tx, sellerId, id, 'update');
    if (product.status === 'sold')
      throw new HttpError(409, 'PRODUCT_SOLD', 'A sold laptop cannot be deleted.');
    const [booked] = await tx.select({ n: count() }).from(orders).where(eq(orders.productId, id));
    const [reported] = await tx
      .select({ n: count() })
      .from(reports)
      .where(eq(reports.productId, id));
    const [talkedAbout] = await tx
      .select({ n: count() })
      .from(conversations)
      .where(eq(conversations.productId, id));
    // A verification photo keeps its listing (withdrawn, not erased): admins' decisions
    // on it are in the activity log, and the private photo is never left orphaned.
    const [verified] = await tx
      .select({ n: count() })
      .from(photoVerifications)
      .where(and(eq(photoVerifications.productId, id), isNotNull(photoVerifications.photoKey)));
    const pointers = [booked, reported, talkedAbout, verified].reduce((n, c) => n + (c?.n ?? 0), 0);
    if (pointers === 0) {
      const deleted = await tx
        .delete(products)
        .where(eq(products.id, id))
        .returning({ id: products.id });
      return { deletedCount: deleted.length, lines: [] };
    }
    const withdrawn = await tx
      .update(products)
      .set({ deletedAt: new Date(), isAdvertised: false })
      .where(and(eq(products.id, id), isNull(products.deletedAt), eq(products.status, 'available')))
      .returning({ id: products.id });
    const lines = await writeLinesForOpenBookings(
      tx,
      withdrawn.map((row) => row.id),
      systemLineText.withdrawn,
    );
    return { deletedCount: withdrawn.length, lines };
  });
  await announce(deps.tell, done.lines);
  return { deletedCount: done.deletedCount };
}

/**
 * The bookings of the seller's own products, newest first (cancelled ones left out),
 * each with where it stands, as My orders says it to its buyer.
 */
export async function listMyBuyers(db: Db, sellerId: string): Promise<MyBuyer[]> {
  const rows = await db
    .select({
      id: orders.id,
      buyerName: users.name,
      productId: products.id,
      productName: products.name,
      priceCents: orders.priceCents,
      paid: orders.paid,
      completedAt: orders.completedAt,
      productStatus: products.status,
      productDeletedAt: products.deletedAt,
      bookedAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, orders.buyerId))
    // Paid deals stay listed after the seller cancelled them (refunded).
    .where(
      and(eq(products.sellerId, sellerId), or(isNull(orders.cancelledAt), eq(orders.paid, true))),
    )
    .orderBy(desc(orders.createdAt));
  const statuses = await listStatusesOf(db, rows);
  return rows.map((row) => ({
    _id: row.id,
    buyerName: row.buyerName,
    productId: row.productId,
    productName: row.productName,
    price: centsToDollars(row.priceCents),
    paid: row.paid,
    status: statuses.get(row.id) ?? 'unpaid',
    bookedAt: row.bookedAt.toISOString(),
  }));
}
