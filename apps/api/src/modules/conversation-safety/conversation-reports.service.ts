/**
 * Reports of conversations: a person reports the other person of one of their
 * conversations; the admins list the reports and read each reported thread, only
 * through its report (they never browse conversations otherwise).
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  ConversationReport,
  ConversationReportInput,
  ReportedThread,
} from '@laptops/shared/conversation-safety';
import type { Db } from '../../db/client.ts';
import { conversationReports, messagingBans } from '../../db/schema/conversation-safety.ts';
import { conversations, messages } from '../../db/schema/conversations.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/http-error.ts';
import { auditFirstReading } from '../admin/admin.service.ts';
import type { Viewer } from '../auth/viewer.ts';
import { thumbnailUrl } from '../images/images.service.ts';
import { alreadyReported, reportStatusWhere } from '../reports/report-decisions.ts';
import { otherPersonIn } from './blocks.service.ts';

/** Messages per page of a reported thread, as in a participant's own. */
const THREAD_PAGE = 50;

/**
 * Records the viewer's report of a conversation of theirs, about the other person in
 * it: once while it is open (409 after that).
 */
export async function reportConversation(
  db: Db,
  viewer: Viewer,
  conversationId: string,
  input: Required<ConversationReportInput>,
): Promise<string> {
  const reportedId = await otherPersonIn(db, viewer, conversationId);
  const [row] = await db
    .insert(conversationReports)
    .values({
      conversationId,
      reporterId: viewer.id,
      reportedId,
      reason: input.reason,
      reportText: input.reportText,
    })
    .onConflictDoNothing({
      target: [conversationReports.conversationId, conversationReports.reporterId],
      where: sql`${conversationReports.resolvedAt} is null`,
    })
    .returning({ id: conversationReports.id });
  if (!row)
    throw alreadyReported('You have reported this conversation already. An admin will look at it.');
  return row.id;
}

const reporters = alias(users, 'reporters');
const reported = alias(users, 'reported');

/** The columns of a report as the admin sees it, from the report, its people and laptop. */
const reportColumns = {
  id: conversationReports.id,
  conversationId: conversationReports.conversationId,
  reporterId: conversationReports.reporterId,
  reportedId: conversationReports.reportedId,
  reason: conversationReports.reason,
  reportText: conversationReports.reportText,
  createdAt: conversationReports.createdAt,
  resolvedAt: conversationReports.resolvedAt,
  resolution: conversationReports.resolution,
  reporterName: reporters.name,
  reportedName: reported.name,
  reportedEmail: reported.email,
  reportedBanned: sql<boolean>`exists (select 1 from ${messagingBans}
    where ${messagingBans.userId} = ${conversationReports.reportedId})`,
  productId: products.id,
  productName: products.name,
  productImage: products.image,
};

function reportRows(db: Db, where: SQL | undefined) {
  return db
    .select(reportColumns)
    .from(conversationReports)
    .innerJoin(conversations, eq(conversations.id, conversationReports.conversationId))
    .innerJoin(products, eq(products.id, conversations.productId))
    .innerJoin(reporters, eq(reporters.id, conversationReports.reporterId))
    .innerJoin(reported, eq(reported.id, conversationReports.reportedId))
    .where(where);
}

export type ReportRow = Awaited<ReturnType<typeof reportRows>>[number];

function toReport(row: ReportRow): ConversationReport {
  return {
    _id: row.id,
    reason: row.reason,
    reportText: row.reportText,
    reporterName: row.reporterName,
    reportedName: row.reportedName,
    reportedBanned: row.reportedBanned,
    laptopName: row.productName,
    createdAt: row.createdAt.toISOString(),
    resolved: row.resolvedAt !== null,
    resolution: row.resolution,
  };
}

/** Conversation reports for the admins, open or resolved, newest first, a page at a time. */
export async function listConversationReports(
  db: Db,
  query: { status: 'open' | 'resolved'; page: number; limit: number },
): Promise<{ rows: ConversationReport[]; total: number }> {
  const where = reportStatusWhere(conversationReports.resolvedAt, query.status);
  const [total] = await db.select({ n: count() }).from(conversationReports).where(where);
  const rows = await reportRows(db, where)
    .orderBy(desc(conversationReports.createdAt), desc(conversationReports.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { total: total?.n ?? 0, rows: rows.map(toReport) };
}

export async function findReport(db: Db, id: string): Promise<ReportRow> {
  const [row] = await reportRows(db, eq(conversationReports.id, id));
  if (!row) throw notFound('No such report.');
  return row;
}

/**
 * The reported conversation, read through its report (open or resolved): a page of
 * its messages, newest first, each marked as the reporter's, the reported person's or
 * the marketplace's. The first page an admin opens of a report is recorded in the
 * activity log, once per admin and report: reading a private thread is an admin act.
 */
export async function reportedThread(
  db: Db,
  admin: Viewer,
  id: string,
  before?: string,
): Promise<ReportedThread> {
  const report = await findReport(db, id);
  const conversationId = report.conversationId;
  let older: SQL | undefined;
  if (before !== undefined) {
    older = sql`(${messages.createdAt}, ${messages.id}) < (
      select m.created_at, m.id from messages m
      where m.id = ${before} and m.conversation_id = ${conversationId})`;
  }
  const rows = await db
    .select({
      id: messages.id,
      body: messages.body,
      senderId: messages.senderId,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), older))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(THREAD_PAGE + 1);
  if (before === undefined) await recordFirstReading(db, admin, report);
  const page = rows.slice(0, THREAD_PAGE);
  return {
    report: toReport(report),
    laptop: {
      _id: report.productId,
      name: report.productName,
      thumbnail: thumbnailUrl(report.productImage),
    },
    messages: page.map((row) => ({
      _id: row.id,
      body: row.body,
      from:
        row.senderId === null
          ? 'system'
          : row.senderId === report.reporterId
            ? 'reporter'
            : 'reported',
      sentAt: new Date(row.createdAt).toISOString(),
    })),
    nextCursor: rows.length > THREAD_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}

function recordFirstReading(db: Db, admin: Viewer, report: ReportRow) {
  return auditFirstReading(db, admin, 'read-reported-conversation', targetOf(report), {
    name: 'reportId',
    id: report.id,
  });
}

/** What the activity log names: the reported person, and the laptop they talked about. */
export const targetOf = (report: Pick<ReportRow, 'reportedEmail' | 'productName'>) =>
  `${report.reportedEmail} (about ${report.productName})`;
