import { alias } from 'drizzle-orm/pg-core';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Report, ReportInput } from '@laptops/shared/reports';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { reports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/http-error.ts';

/** Records a report of a listed product by the signed-in user. */
export async function reportProduct(
  db: Db,
  reporterId: string,
  input: Required<ReportInput>,
): Promise<string> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, input.productId), isNull(products.deletedAt)));
  if (!product) throw notFound('This product is no longer listed.');
  const [row] = await db
    .insert(reports)
    .values({ productId: product.id, reporterId, reportText: input.reportText })
    .returning({ id: reports.id });
  if (!row) throw new Error('report insert returned no row');
  return row.id;
}

const sellers = alias(users, 'sellers');
const reporters = alias(users, 'reporters');

/** Open reports for the admins, newest first. */
export async function listOpenReports(db: Db): Promise<Report[]> {
  const rows = await db
    .select({
      id: reports.id,
      productId: products.id,
      productName: products.name,
      sellerEmail: sellers.email,
      reportText: reports.reportText,
      reporterEmail: reporters.email,
      createdAt: reports.createdAt,
      resolvedAt: reports.resolvedAt,
    })
    .from(reports)
    .innerJoin(products, eq(products.id, reports.productId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .innerJoin(reporters, eq(reporters.id, reports.reporterId))
    .where(isNull(reports.resolvedAt))
    .orderBy(desc(reports.createdAt));
  return rows.map((row) => ({
    _id: row.id,
    productId: row.productId,
    productName: row.productName,
    sellerEmail: row.sellerEmail,
    reportText: row.reportText,
    reporterEmail: row.reporterEmail,
    createdAt: row.createdAt.toISOString(),
    resolved: row.resolvedAt !== null,
  }));
}
