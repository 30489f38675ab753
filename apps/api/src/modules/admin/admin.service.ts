import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AdminActivity, AdminAction, AdminUser } from '@laptops/shared/admin';
import type { Db } from '../../db/client.ts';
import { adminActionsLog } from '../../db/schema/admin-actions.ts';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { users, type UserType } from '../../db/schema/users.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Viewer } from '../auth/viewer.ts';
import { endSessionsAndResetLinks } from '../auth/auth-accounts.ts';
import {
  announce,
  systemLineText,
  writeLinesForOpenBookings,
  writeSystemLines,
  type Tell,
} from '../conversations/system-lines.ts';

type Page = { page: number; limit: number; q?: string | undefined };

/** Records an admin action; always called inside the transaction that makes the change. */
export async function audit(
  tx: Db,
  admin: Viewer,
  action: AdminAction,
  target: string,
  details: Record<string, unknown> = {},
) {
  await tx.insert(adminActionsLog).values({ adminId: admin.id, action, target, details });
}

/**
 * Records an admin's first reading of something private (a reported or disputed
 * thread) once: `key` names it in the details (`{ reportId: ... }`), and later
 * readings by the same admin add nothing.
 */
export async function auditFirstReading(
  db: Db,
  admin: Viewer,
  action: AdminAction,
  target: string,
  key: { name: string; id: string },
) {
  await db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ id: adminActionsLog.id })
      .from(adminActionsLog)
      .where(
        and(
          eq(adminActionsLog.adminId, admin.id),
          eq(adminActionsLog.action, action),
          sql`${adminActionsLog.details}->>${key.name} = ${key.id}`,
        ),
      )
      .limit(1);
    if (!seen) await audit(tx, admin, action, target, { [key.name]: key.id });
  });
}

/** Active (not deleted) users of the given roles, searched by name or email, a page at a time. */
export async function listUsers(
  db: Db,
  roles: UserType[],
  query: Page,
): Promise<{ rows: AdminUser[]; total: number }> {
  const search = query.q ? containsPattern(query.q) : undefined;
  const where = and(
    isNull(users.deletedAt),
    inArray(users.typeOfUser, roles),
    search ? or(ilike(users.name, search), ilike(users.email, search)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    total: total?.n ?? 0,
    rows: rows.map((user) => ({
      _id: user.id,
      name: user.name,
      email: user.email,
      image: user.image,
      typeOfUser: user.typeOfUser,
      isVerified: user.isVerified,
      createdAt: user.createdAt.toISOString(),
    })),
  };
}

/** Any fixed number: the lock that lets one change to who is an admin run at a time. */
const ADMIN_CHANGES_LOCK = 7_202_612;

/**
 * Starts a change to who is an admin or who exists: one at a time, so two admins
 * deleting each other at once cannot both pass the last-admin check (or deadlock on
 * each other's rows), and the acting admin must still be one when it runs.
 */
async function beginAccountChange(tx: Db, admin: Viewer) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGES_LOCK})`);
  const [actor] = await tx
    .select({ typeOfUser: users.typeOfUser })
    .from(users)
    .where(and(eq(users.id, admin.id), isNull(users.deletedAt)));
  if (actor?.typeOfUser !== 'admin')
    throw new HttpError(403, 'FORBIDDEN', 'You are no longer an admin.');
}

async function findActiveUser(tx: Db, email: string, roles?: UserType[]) {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .for('update');
  if (!user || (roles && !roles.includes(user.typeOfUser))) throw notFound('No such user.');
  return user;
}

export async function verifySeller(
  db: Db,
  admin: Viewer,
  email: string,
): Promise<{ modifiedCount: number; name: string }> {
  return db.transaction(async (tx) => {
    const seller = await findActiveUser(tx, email, ['seller']);
    if (seller.isVerified) return { modifiedCount: 0, name: seller.name };
    await tx
      .update(users)
      .set({ isVerified: true, updatedAt: new Date() })
      .where(eq(users.id, seller.id));
    await audit(tx, admin, 'verify-seller', seller.email);
    return { modifiedCount: 1, name: seller.name };
  });
}

export async function makeAdmin(
  db: Db,
  admin: Viewer,
  email: string,
): Promise<{ modifiedCount: number; name: string }> {
  return db.transaction(async (tx) => {
    await beginAccountChange(tx, admin);
    const user = await findActiveUser(tx, email);
    if (user.typeOfUser === 'admin') return { modifiedCount: 0, name: user.name };
    // An admin has no My Products or My Orders: what they sell or are buying would be
    // left with nobody able to manage it (or be paid for by someone who cannot see it).
    const [forSale] = await tx
      .select({ n: count() })
      .from(products)
      .where(
        and(
          eq(products.sellerId, user.id),
          eq(products.status, 'available'),
          isNull(products.deletedAt),
        ),
      );
    if ((forSale?.n ?? 0) > 0)
      throw new HttpError(
        409,
        'HAS_LISTINGS',
        `${user.name} has laptops for sale. They must be sold or deleted first.`,
      );
    const [booked] = await tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.buyerId, user.id), eq(orders.paid, false), isNull(orders.cancelledAt)));
    if ((booked?.n ?? 0) > 0)
      throw new HttpError(
        409,
        'HAS_BOOKINGS',
        `${user.name} has bookings not paid for. They must be paid or cancelled first.`,
      );
    await tx
      .update(users)
      .set({ typeOfUser: 'admin', updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await audit(tx, admin, 'make-admin', user.email, { from: user.typeOfUser });
    return { modifiedCount: 1, name: user.name };
  });
}

/**
 * Soft-deletes an account: sign-in refused, sessions ended at once, unsold listings
 * withdrawn, unpaid bookings cancelled; paid orders, payments and reports stay for the
 * record. An admin cannot delete themselves, and the last admin stays.
 */
export async function deleteUser(
  deps: { db: Db; tell: Tell },
  admin: Viewer,
  email: string,
  roles: UserType[] | undefined,
  action: AdminAction,
): Promise<{ deletedCount: number; name: string }> {
  const done = await deps.db.transaction(async (tx) => {
    await beginAccountChange(tx, admin);
    const user = await findActiveUser(tx, email, roles);
    if (user.id === admin.id)
      throw new HttpError(409, 'SELF_DELETE', 'You cannot delete your own account.');
    if (user.typeOfUser === 'admin') {
      const [others] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.typeOfUser, 'admin'), isNull(users.deletedAt), ne(users.id, user.id)));
      if ((others?.n ?? 0) === 0)
        throw new HttpError(409, 'LAST_ADMIN', 'The last admin cannot be removed.');
    }
    const now = new Date();
    await tx.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    // Signed out everywhere, and no reset link left to set a password with.
    await endSessionsAndResetLinks(tx, user.id);
    const withdrawn = await tx
      .update(products)
      .set({ deletedAt: now, isAdvertised: false, heldByOrderId: null, heldUntil: null })
      .where(
        and(
          eq(products.sellerId, user.id),
          eq(products.status, 'available'),
          isNull(products.deletedAt),
        ),
      )
      .returning({ id: products.id });
    // Their open bookings, then the laptops those hold, are locked before either
    // changes, in the order payments lock them (order, then laptop): a payment or a
    // booking of one of those laptops at that moment waits or is refused instead of
    // deadlocking with this.
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.buyerId, user.id), eq(orders.paid, false), isNull(orders.cancelledAt)))
      .for('update');
    await tx
      .select({ id: products.id })
      .from(products)
      .innerJoin(orders, eq(orders.id, products.heldByOrderId))
      .where(and(eq(orders.buyerId, user.id), eq(orders.paid, false), isNull(orders.cancelledAt)))
      .for('update', { of: products });
    const cancelled = await tx
      .update(orders)
      .set({ cancelledAt: now })
      .where(and(eq(orders.buyerId, user.id), eq(orders.paid, false), isNull(orders.cancelledAt)))
      .returning({ id: orders.id, productId: orders.productId });
    if (cancelled.length > 0) {
      await tx
        .update(products)
        .set({ heldByOrderId: null, heldUntil: null })
        .where(
          inArray(
            products.heldByOrderId,
            cancelled.map((o) => o.id),
          ),
        );
    }
    await audit(tx, admin, action, user.email, {
      typeOfUser: user.typeOfUser,
      cancelledBookings: cancelled.length,
    });
    // Their threads say what ended, written last: the conversations' rows after the rest.
    const ended = await writeLinesForOpenBookings(
      tx,
      withdrawn.map((row) => row.id),
      systemLineText.withdrawn,
    );
    const sellers = await sellersOf(
      tx,
      cancelled.map((order) => order.productId),
    );
    const cancelledLines = await writeSystemLines(
      tx,
      cancelled.flatMap((order) => {
        const sellerId = sellers.get(order.productId);
        return sellerId
          ? [
              {
                productId: order.productId,
                buyerId: user.id,
                sellerId,
                body: systemLineText.cancelled,
              },
            ]
          : [];
      }),
    );
    return { deletedCount: 1, name: user.name, lines: [...ended, ...cancelledLines] };
  });
  await announce(deps.tell, done.lines);
  return { deletedCount: done.deletedCount, name: done.name };
}

async function sellersOf(tx: Db, productIds: string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: products.id, sellerId: products.sellerId })
    .from(products)
    .where(inArray(products.id, productIds));
  return new Map(rows.map((row) => [row.id, row.sellerId]));
}

export async function listActivity(
  db: Db,
  query: Page,
): Promise<{ rows: AdminActivity[]; total: number }> {
  const [total] = await db.select({ n: count() }).from(adminActionsLog);
  const rows = await db
    .select({
      id: adminActionsLog.id,
      action: adminActionsLog.action,
      target: adminActionsLog.target,
      createdAt: adminActionsLog.createdAt,
      adminName: users.name,
      adminEmail: users.email,
    })
    .from(adminActionsLog)
    .innerJoin(users, eq(users.id, adminActionsLog.adminId))
    .orderBy(desc(adminActionsLog.createdAt), desc(adminActionsLog.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    total: total?.n ?? 0,
    rows: rows.map((row) => ({
      _id: row.id,
      action: row.action,
      target: row.target,
      adminName: row.adminName,
      adminEmail: row.adminEmail,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
