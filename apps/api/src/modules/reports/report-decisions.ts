/**
 * What reports of laptops and of conversations have in common: each is open until an
 * admin resolves it, a reporter has one open report of a thing at a time, and every
 * decision on one is recorded in the activity log with the change.
 */
import { isNotNull, isNull } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AdminAction } from '@laptops/shared/admin';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { audit } from '../admin/admin.service.ts';
import type { Viewer } from '../auth/viewer.ts';

/** The reports a list asks for, by their `resolved_at` column. */
export function reportStatusWhere(resolvedAt: AnyPgColumn, status: 'open' | 'resolved') {
  return status === 'open' ? isNull(resolvedAt) : isNotNull(resolvedAt);
}

/** A report that is already resolved cannot be decided on again: 409. */
export function assertOpen(report: { resolvedAt: Date | null }): void {
  if (report.resolvedAt)
    throw new HttpError(409, 'REPORT_RESOLVED', 'This report is already resolved.');
}

/** The reporter's report of this thing is still open: 409, with what to expect. */
export const alreadyReported = (message: string) => new HttpError(409, 'ALREADY_REPORTED', message);

/**
 * An admin's decision on a report, as a function of (db, admin, report id) that runs
 * in one transaction: `find` reads (and locks) the report, `act` makes the change and
 * says whom or what the activity log names, and the log records it with the report's id.
 */
export function reportDecision<Report extends { id: string }>(
  action: AdminAction,
  find: (tx: Db, id: string) => Promise<Report>,
  act: (tx: Db, report: Report, admin: Viewer) => Promise<string>,
) {
  return (db: Db, admin: Viewer, id: string): Promise<{ modifiedCount: number }> =>
    db.transaction(async (tx) => {
      const report = await find(tx, id);
      const target = await act(tx, report, admin);
      await audit(tx, admin, action, target, { reportId: report.id });
      return { modifiedCount: 1 };
    });
}
