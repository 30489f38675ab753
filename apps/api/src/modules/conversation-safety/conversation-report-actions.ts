/**
 * What an admin decides on a conversation report: dismiss it, or stop the reported
 * person from sending messages anywhere (and lift that later). Each is recorded in the
 * activity log in the same transaction. Deleting the account stays on the user lists.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversationReports, messagingBans } from '../../db/schema/conversation-safety.ts';
import { HttpError } from '../../lib/http-error.ts';
import { assertOpen, reportDecision } from '../reports/report-decisions.ts';
import { findReport, targetOf, type ReportRow } from './conversation-reports.service.ts';

/** The report, locked; one already resolved is a 409. */
async function findOpenReport(tx: Db, id: string): Promise<ReportRow> {
  // The row lock first, so two admins acting on one report take turns.
  await tx
    .select({ id: conversationReports.id })
    .from(conversationReports)
    .where(eq(conversationReports.id, id))
    .for('update');
  const report = await findReport(tx, id);
  assertOpen(report);
  return report;
}

/** 'Dismiss': the report is resolved and nothing else changes. */
export const dismissConversationReport = reportDecision(
  'dismiss-conversation-report',
  findOpenReport,
  async (tx, report) => {
    await tx
      .update(conversationReports)
      .set({ resolvedAt: new Date(), resolution: 'dismissed' })
      .where(eq(conversationReports.id, report.id));
    return targetOf(report);
  },
);

/**
 * 'Stop them messaging': the reported person can no longer send messages or start
 * conversations (they still read theirs; bookings and payments go on), and every open
 * conversation report about them is resolved by it.
 */
export const banFromMessaging = reportDecision(
  'ban-from-messaging',
  findOpenReport,
  async (tx, report, admin) => {
    if (report.reportedId === admin.id)
      throw new HttpError(409, 'SELF_BAN', 'You cannot stop your own account from messaging.');
    await tx
      .insert(messagingBans)
      .values({ userId: report.reportedId, bannedBy: admin.id, reportId: report.id })
      .onConflictDoNothing();
    await tx
      .update(conversationReports)
      .set({ resolvedAt: new Date(), resolution: 'messaging_banned' })
      .where(
        and(
          eq(conversationReports.reportedId, report.reportedId),
          isNull(conversationReports.resolvedAt),
        ),
      );
    return targetOf(report);
  },
);

/** Lets the reported person send messages again (a ban made through this or another report). */
export const liftMessagingBan = reportDecision(
  'lift-messaging-ban',
  findReport,
  async (tx, report) => {
    const lifted = await tx
      .delete(messagingBans)
      .where(eq(messagingBans.userId, report.reportedId))
      .returning({ userId: messagingBans.userId });
    if (lifted.length === 0)
      throw new HttpError(
        409,
        'NOT_BANNED',
        `${report.reportedName} is not stopped from sending messages.`,
      );
    return targetOf(report);
  },
);
