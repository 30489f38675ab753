import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { centsToDollars } from '@laptops/shared/money';
import type { Report, ReportedProductState, ReportInput } from '@laptops/shared/reports';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { reports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Viewer } from '../auth/viewer.ts';
import { audit } from '../admin/admin.service.ts';
import {
  announce,
  systemLineText,
  writeLinesForOpenBookings,
  type Tell,
} from '../conversations/system-lines.ts';
import { thumbnailUrl } from '../images/images.service.ts';
import {
  alreadyReported,
  assertOpen,
  reportDecision,
  reportStatusWhere,
} from './report-decisions.ts';

export const reportMessages = {
  own: 'You cannot report your own laptop.',
  again: 'You have reported this product already. An admin will look at it.',
} as const;

/**
 * Records a report of a listed product by the signed-in user: once while it is open
 * (409 after that), and never by the product's own seller.
 */
export async function reportProduct(
  db: Db,
  reporterId: string,
  input: Required<ReportInput>,
): Promise<string> {
  return db.transaction(async (tx) => {
    // The reporter's account first, as a booking does (a deletion locks it, then the
    // laptops its bookings hold): one being deleted is waited for and then refused.
    const [reporter] = await tx
      .select({ deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, reporterId))
      .for('share');
    if (!reporter || reporter.deletedAt)
      throw new HttpError(403, 'ACCOUNT_DELETED', 'This account has been deleted.');
    // Shared lock, as for a booking: its seller deleting it meanwhile then either waits
    // and sees the report (and only withdraws it), or goes first and this finds it gone.
    const [product] = await tx
      .select({ id: products.id, sellerId: products.sellerId })
      .from(products)
      .where(and(eq(products.id, input.productId), isNull(products.deletedAt)))
      .for('share');
    if (!product) throw notFound('This product is no longer listed.');
    if (product.sellerId === reporterId)
      throw new HttpError(400, 'OWN_PRODUCT', reportMessages.own);
    const [row] = await tx
      .insert(reports)
      .values({
        productId: product.id,
        reporterId,
        reason: input.reason,
        reportText: input.reportText,
      })
      .onConflictDoNothing({
        target: [reports.productId, reports.reporterId],
        where: sql`${reports.resolvedAt} is null`,
      })
      .returning({ id: reports.id });
    if (!row) throw alreadyReported(reportMessages.again);
    return row.id;
  });
}

const sellers = alias(users, 'sellers');
const reporters = alias(users, 'reporters');

/** Removed wins: a sold laptop an admin then took down is no longer on the marketplace. */
function productState(row: {
  deletedAt: Date | null;
  sellerDeletedAt: Date | null;
  status: 'available' | 'sold';
}): ReportedProductState {
  if (row.deletedAt || row.sellerDeletedAt) return 'removed';
  return row.status === 'sold' ? 'sold' : 'for_sale';
}

/**
 * Reports for the admins, open or resolved, newest first, a page at a time, each with
 * what the admin needs to judge it: the laptop as it is now, and its seller and the
 * reporter by name (their contact details stay out of every list).
 */
export async function listReports(
  db: Db,
  query: { status: 'open' | 'resolved'; page: number; limit: number },
): Promise<{ rows: Report[]; total: number }> {
  const where = reportStatusWhere(reports.resolvedAt, query.status);
  const [total] = await db.select({ n: count() }).from(reports).where(where);
  const rows = await db
    .select({
      id: reports.id,
      productId: products.id,
      productName: products.name,
      productImage: products.image,
      productPriceCents: products.resalePriceCents,
      productCategory: products.categoryId,
      productStatus: products.status,
      productDeletedAt: products.deletedAt,
      sellerName: sellers.name,
      sellerDeletedAt: sellers.deletedAt,
      reason: reports.reason,
      reportText: reports.reportText,
      reporterName: reporters.name,
      createdAt: reports.createdAt,
      resolvedAt: reports.resolvedAt,
      resolution: reports.resolution,
    })
    .from(reports)
    .innerJoin(products, eq(products.id, reports.productId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .innerJoin(reporters, eq(reporters.id, reports.reporterId))
    .where(where)
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    total: total?.n ?? 0,
    rows: rows.map((row) => ({
      _id: row.id,
      productId: row.productId,
      productName: row.productName,
      productThumbnail: thumbnailUrl(row.productImage),
      productPrice: centsToDollars(row.productPriceCents),
      productCategory: row.productCategory,
      productState: productState({
        deletedAt: row.productDeletedAt,
        sellerDeletedAt: row.sellerDeletedAt,
        status: row.productStatus,
      }),
      sellerName: row.sellerName,
      reason: row.reason,
      reportText: row.reportText,
      reporterName: row.reporterName,
      createdAt: row.createdAt.toISOString(),
      resolved: row.resolvedAt !== null,
      resolution: row.resolution,
    })),
  };
}

async function findOpenReport(tx: Db, id: string) {
  const [report] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
  if (!report) throw notFound('No such report.');
  assertOpen(report);
  return report;
}

/** 'Dismiss': the report is resolved and the product stays. */
export const dismissReport = reportDecision(
  'dismiss-report',
  findOpenReport,
  async (tx, report) => {
    await tx
      .update(reports)
      .set({ resolvedAt: new Date(), resolution: 'dismissed' })
      .where(eq(reports.id, report.id));
    const [product] = await tx
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, report.productId));
    return product?.name ?? report.productId;
  },
);

/**
 * 'Delete' on a report: the reported product leaves the marketplace (withdrawn, so
 * orders keep their history) and all its open reports are resolved.
 */
export async function removeReportedProduct(
  deps: { db: Db; tell: Tell },
  admin: Viewer,
  id: string,
): Promise<{ deletedCount: number }> {
  const done = await deps.db.transaction(async (tx) => {
    // The product first, then its reports: two admins removing it through two of its
    // reports at once take their turns instead of deadlocking on each other's report.
    const [target] = await tx
      .select({ productId: reports.productId })
      .from(reports)
      .where(eq(reports.id, id));
    if (target) {
      await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, target.productId))
        .for('update');
    }
    const report = await findOpenReport(tx, id);
    const now = new Date();
    const [product] = await tx
      .update(products)
      .set({ deletedAt: now, isAdvertised: false, heldByOrderId: null, heldUntil: null })
      .where(and(eq(products.id, report.productId), isNull(products.deletedAt)))
      .returning({ id: products.id, name: products.name, status: products.status });
    await tx
      .update(reports)
      .set({ resolvedAt: now, resolution: 'product_removed' })
      .where(and(eq(reports.productId, report.productId), isNull(reports.resolvedAt)));
    await audit(tx, admin, 'remove-reported-product', product?.name ?? report.productId, {
      reportId: report.id,
      productId: report.productId,
    });
    // A sold laptop's other bookings were told when it sold.
    const lines = await writeLinesForOpenBookings(
      tx,
      product && product.status !== 'sold' ? [product.id] : [],
      systemLineText.withdrawn,
    );
    return { deletedCount: product ? 1 : 0, lines };
  });
  await announce(deps.tell, done.lines);
  return { deletedCount: done.deletedCount };
}
