/**
 * The admins' side of serial checks: the queue of serials shared by several sellers or
 * reported stolen, its decisions (dismiss, take a listing down), and the stolen marks.
 * Every decision is in the activity log, written in the same transaction.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  serialMessages,
  type FlaggedListing,
  type SerialFlag,
  type StolenSerial,
} from '@laptops/shared/serial-checks';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { serialFlagDismissals, stolenSerials } from '../../db/schema/serial-checks.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { audit } from '../admin/admin.service.ts';
import type { Viewer } from '../auth/viewer.ts';
import {
  announce,
  systemLineText,
  writeLinesForOpenBookings,
  type Tell,
} from '../conversations/system-lines.ts';
import { thumbnailUrl } from '../images/images.service.ts';
import { isStolen, lockSerial } from './listing-serial.ts';
import { serialHash } from './serial-hash.ts';

/** The queue shows at most this many serials, the most recently listed first. */
const QUEUE_SIZE = 100;

const forSale = and(isNull(products.deletedAt), eq(products.status, 'available'));

/** Takes listings off sale as an admin's removal does: withdrawn, kept for their orders. */
async function takeOffSale(tx: Db, where: ReturnType<typeof and>) {
  const taken = await tx
    .update(products)
    .set({ deletedAt: new Date(), isAdvertised: false, heldByOrderId: null, heldUntil: null })
    .where(and(where, forSale))
    .returning({ id: products.id, name: products.name });
  const lines = await writeLinesForOpenBookings(
    tx,
    taken.map((row) => row.id),
    systemLineText.withdrawn,
  );
  return { taken, lines };
}

/**
 * Serials on listings for sale of more than one seller, and stolen serials any listing
 * carries (those were taken off sale), each with every listing carrying it; a serial
 * an admin dismissed stays away until another listing carries it.
 */
export async function listSerialFlags(db: Db): Promise<SerialFlag[]> {
  const shared = db
    .select({ hash: products.serialHash })
    .from(products)
    .where(and(isNotNull(products.serialHash), forSale))
    .groupBy(products.serialHash)
    .having(sql`count(distinct ${products.sellerId}) > 1`);
  const stolen = await db
    .selectDistinct({ hash: stolenSerials.serialHash })
    .from(stolenSerials)
    .innerJoin(products, eq(products.serialHash, stolenSerials.serialHash));
  const stolenHashes = new Set(stolen.map((row) => row.hash));
  const sharedHashes = (await shared).map((row) => row.hash).filter((hash) => hash !== null);
  const hashes = [...new Set([...sharedHashes, ...stolenHashes])];
  if (hashes.length === 0) return [];

  const rows = await db
    .select({
      hash: products.serialHash,
      productId: products.id,
      productName: products.name,
      image: products.image,
      sellerId: products.sellerId,
      sellerName: users.name,
      status: products.status,
      deletedAt: products.deletedAt,
      fromDevice: products.serialFromDevice,
      dateOfPost: products.dateOfPost,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(inArray(products.serialHash, hashes))
    .orderBy(asc(products.dateOfPost), asc(products.id));
  const dismissals = await db
    .select()
    .from(serialFlagDismissals)
    .where(inArray(serialFlagDismissals.serialHash, hashes));
  const seen = new Map(dismissals.map((row) => [row.serialHash, new Set(row.productIds)]));

  const groups = new Map<string, FlaggedListing[]>();
  const sellersOf = new Map<string, Set<string>>();
  for (const row of rows) {
    sellersOf.set(row.hash!, (sellersOf.get(row.hash!) ?? new Set()).add(row.sellerId));
    const listing: FlaggedListing = {
      productId: row.productId,
      productName: row.productName,
      thumbnail: thumbnailUrl(row.image),
      sellerName: row.sellerName,
      state: row.deletedAt ? 'taken-down' : row.status === 'sold' ? 'sold' : 'for-sale',
      fromDevice: row.fromDevice,
      dateOfPost: row.dateOfPost.toISOString(),
    };
    groups.set(row.hash!, [...(groups.get(row.hash!) ?? []), listing]);
  }
  return [...groups.entries()]
    .filter(([hash, listings]) => {
      const dismissed = seen.get(hash);
      return !dismissed || listings.some((listing) => !dismissed.has(listing.productId));
    })
    .map(([hash, listings]) => ({
      key: hash,
      reason: stolenHashes.has(hash) ? ('stolen' as const) : ('shared' as const),
      sellers: sellersOf.get(hash)?.size ?? 0,
      listings,
    }))
    .sort((a, b) => latestPost(b).localeCompare(latestPost(a)))
    .slice(0, QUEUE_SIZE);
}

const latestPost = (flag: SerialFlag) => flag.listings.at(-1)?.dateOfPost ?? '';

async function listingsCarrying(tx: Db, hash: string) {
  return tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.serialHash, hash))
    .orderBy(asc(products.id));
}

/** 'Dismiss': the listings carrying the serial stay; the flag goes until another comes. */
export async function dismissSerialFlag(
  db: Db,
  admin: Viewer,
  hash: string,
): Promise<{ modifiedCount: number }> {
  return db.transaction(async (tx) => {
    await lockSerial(tx, hash);
    const listings = await listingsCarrying(tx, hash);
    if (listings.length === 0) throw notFound('No listing carries this serial.');
    const productIds = listings.map((row) => row.id);
    await tx
      .insert(serialFlagDismissals)
      .values({ serialHash: hash, productIds, dismissedBy: admin.id })
      .onConflictDoUpdate({
        target: serialFlagDismissals.serialHash,
        set: { productIds, dismissedBy: admin.id, dismissedAt: new Date() },
      });
    await audit(tx, admin, 'dismiss-serial-flag', `${listings.length} listings`, { productIds });
    return { modifiedCount: 1 };
  });
}

/** 'Take down': one listing carrying the flagged serial leaves the marketplace. */
export async function takeDownSerialListing(
  deps: { db: Db; tell: Tell },
  admin: Viewer,
  hash: string,
  productId: string,
): Promise<{ deletedCount: number }> {
  const done = await deps.db.transaction(async (tx) => {
    await lockSerial(tx, hash);
    const [listing] = await tx
      .select({ id: products.id, name: products.name, deletedAt: products.deletedAt })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.serialHash, hash)))
      .for('update');
    if (!listing) throw notFound('No such listing carries this serial.');
    const { taken, lines } = await takeOffSale(tx, eq(products.id, productId));
    if (taken.length === 0)
      throw new HttpError(409, 'NOT_FOR_SALE', 'This listing is no longer for sale.');
    await audit(tx, admin, 'take-down-serial-listing', listing.name, { productId });
    return { lines };
  });
  await announce(deps.tell, done.lines);
  return { deletedCount: 1 };
}

/**
 * Marks a serial reported stolen: only its hash is kept. Listings for sale carrying it
 * are taken off sale at once (they then show in the queue); new ones are refused.
 */
export async function markSerialStolen(
  deps: { db: Db; tell: Tell; serialSecret: string },
  admin: Viewer,
  input: { serial: string; note: string },
): Promise<{ _id: string; takenDown: number }> {
  const hash = serialHash(deps.serialSecret, input.serial);
  const done = await deps.db.transaction(async (tx) => {
    await lockSerial(tx, hash);
    if (await isStolen(tx, hash))
      throw new HttpError(409, 'ALREADY_MARKED', serialMessages.alreadyMarked);
    const [row] = await tx
      .insert(stolenSerials)
      .values({ serialHash: hash, note: input.note, markedBy: admin.id })
      .returning({ id: stolenSerials.id });
    const { taken, lines } = await takeOffSale(tx, eq(products.serialHash, hash));
    // A serial is not written in the log either: the mark's id and note name it.
    await audit(tx, admin, 'mark-serial-stolen', input.note || 'a serial number', {
      stolenSerialId: row!.id,
      takenDown: taken.map((listing) => listing.id),
    });
    return { id: row!.id, takenDown: taken.length, lines };
  });
  await announce(deps.tell, done.lines);
  return { _id: done.id, takenDown: done.takenDown };
}

/** Un-marks a serial: new listings of it are taken again (those taken down stay down). */
export async function unmarkSerialStolen(
  db: Db,
  admin: Viewer,
  id: string,
): Promise<{ deletedCount: number }> {
  return db.transaction(async (tx) => {
    const [mark] = await tx.select().from(stolenSerials).where(eq(stolenSerials.id, id));
    if (!mark) throw notFound('No such stolen serial.');
    await lockSerial(tx, mark.serialHash);
    const deleted = await tx
      .delete(stolenSerials)
      .where(eq(stolenSerials.id, id))
      .returning({ id: stolenSerials.id });
    await audit(tx, admin, 'unmark-serial-stolen', mark.note || 'a serial number', {
      stolenSerialId: id,
    });
    return { deletedCount: deleted.length };
  });
}

export async function listStolenSerials(db: Db): Promise<StolenSerial[]> {
  const rows = await db
    .select({
      id: stolenSerials.id,
      note: stolenSerials.note,
      markedBy: users.name,
      markedAt: stolenSerials.markedAt,
      listings: sql<number>`(select count(*)::int from ${products} where ${products.serialHash} = ${stolenSerials.serialHash})`,
    })
    .from(stolenSerials)
    .innerJoin(users, eq(users.id, stolenSerials.markedBy))
    .orderBy(desc(stolenSerials.markedAt))
    .limit(500);
  return rows.map((row) => ({
    _id: row.id,
    note: row.note,
    markedBy: row.markedBy,
    markedAt: row.markedAt.toISOString(),
    listings: row.listings,
  }));
}
