import type {
  ConversationReport,
  ConversationReportReason,
} from '@laptops/shared/conversation-safety';

/** The texts of the admin's reported conversations: the list and one report with its thread. */
export const conversationReportMessages = {
  title: 'Reported conversations',
  caption: 'Reported conversations',
  filter: 'Show reports',
  open: 'Open',
  resolved: 'Resolved',
  reported: 'Reported person',
  about: (laptop: string) => `About ${laptop}`,
  report: 'Report',
  reportedBy: (name: string) => `Reported by ${name}`,
  reasons: {
    spam: 'Spam',
    scam: 'Scam or fraud',
    harassment: 'Harassment',
    other: 'Other',
  } satisfies Record<ConversationReportReason, string>,
  noText: 'No details given',
  conversation: 'Conversation',
  openThread: 'Read the conversation',
  openThreadLabel: (reported: string, reporter: string) =>
    `Read the conversation between ${reporter} and ${reported}`,
  resolutions: {
    dismissed: 'Dismissed',
    messaging_banned: 'Stopped from messaging',
  } satisfies Record<NonNullable<ConversationReport['resolution']>, string>,
  banLifted: 'Stopped from messaging, since lifted',
  empty: 'There are no open reports about conversations.',
  emptyResolved: 'No conversation reports have been resolved yet.',
  loadFailed: 'We could not load the reported conversations.',
  retry: 'Try again',
  /** One report and its thread. */
  detail: {
    title: (reported: string) => `Report on ${reported}`,
    back: 'All reported conversations',
    notFoundTitle: 'Report not found',
    notFoundText: 'There is no such report.',
    loadFailed: 'We could not load this conversation.',
    reporter: 'Reported by',
    reported: 'Reported person',
    laptop: 'Laptop',
    when: 'When',
    reason: 'Reason',
    details: 'Details',
    status: 'Status',
    statusOpen: 'Open',
    banned: (name: string) => `${name} cannot send messages.`,
    thread: 'The conversation',
    readOnly:
      'Read only. You see this conversation because it was reported; opening it is recorded in the activity log.',
    noMessages: 'There are no messages in this conversation.',
    loadOlder: 'Load older messages',
    marketplace: 'Laptop Resale',
    byReporter: (name: string) => `${name} (reported it)`,
    byReported: (name: string) => `${name} (reported)`,
    decide: 'Your decision',
    decideText:
      'Dismiss the report if nothing is wrong. Stop them from messaging if they misused it: they can still read their conversations, and their bookings and orders go on. To remove the account, delete the user from All users.',
    dismiss: 'Dismiss',
    dismissed: 'Report dismissed.',
    ban: (name: string) => `Stop ${name} from messaging`,
    banTitle: (name: string) => `Stop ${name} from messaging?`,
    banConfirm: (name: string) =>
      `${name} can no longer send messages or start conversations, with anyone. They can still read their conversations, and their bookings and orders go on. Every open report about them is resolved. You can lift this later from this report.`,
    banConfirmLabel: 'Stop messaging',
    bannedToast: (name: string) => `${name} can no longer send messages.`,
    lift: (name: string) => `Let ${name} message again`,
    liftTitle: (name: string) => `Let ${name} message again?`,
    liftConfirm: (name: string) => `${name} can send messages and start conversations again.`,
    liftConfirmLabel: 'Let them message',
    liftedToast: (name: string) => `${name} can send messages again.`,
  },
};

/** What became of a resolved report, in a word or two: its badge. */
export function resolutionText(report: ConversationReport): string {
  const r = conversationReportMessages;
  if (report.resolution === 'messaging_banned' && !report.reportedBanned) return r.banLifted;
  return report.resolution ? r.resolutions[report.resolution] : r.resolved;
}
