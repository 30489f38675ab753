import { z } from 'zod';
import { listQuerySchema } from './admin.ts';
import { hasVisibleCharacter, isPlainText, nulMessage, tooLongMessage } from './fields.ts';

/**
 * Whether the viewer can write in a thread: open; closed because they blocked the
 * other person ('blocked-by-you': they can unblock); closed for them ('closed': the
 * other person blocked them, told in these words only); or their account may not send
 * messages at all ('suspended', by an admin).
 */
export const messagingStates = ['open', 'blocked-by-you', 'closed', 'suspended'] as const;
export type MessagingState = (typeof messagingStates)[number];

/** Someone the signed-in user blocked (GET /api/blocks); `_id` is the block's. */
export const blockedPersonSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;

/** Why a conversation is reported; the reporter picks one. */
export const conversationReportReasons = ['spam', 'scam', 'harassment', 'other'] as const;
export type ConversationReportReason = (typeof conversationReportReasons)[number];

export const CONVERSATION_REPORT_TEXT_MAX = 2000;

export const conversationReportMessages = {
  reason: 'Please choose a reason for your report',
  otherNeedsText: 'Please tell the admin what happened in this conversation',
} as const;

/** POST /api/conversations/:id/reports. The reporter and the reported come from the session and the conversation. */
export const conversationReportInputSchema = z
  .object({
    reason: z.enum(conversationReportReasons, { error: conversationReportMessages.reason }),
    reportText: z
      .string()
      .trim()
      .max(CONVERSATION_REPORT_TEXT_MAX, tooLongMessage(CONVERSATION_REPORT_TEXT_MAX))
      .refine(isPlainText, nulMessage)
      // Text of only invisible characters says nothing: stored as none given.
      .overwrite((text) => (hasVisibleCharacter(text) ? text : ''))
      .default(''),
  })
  .refine((input) => input.reason !== 'other' || input.reportText !== '', {
    path: ['reportText'],
    message: conversationReportMessages.otherNeedsText,
  });
export type ConversationReportInput = z.input<typeof conversationReportInputSchema>;

export const conversationReportCreatedSchema = z.object({ reportId: z.string() });

export const conversationReportResolutions = ['dismissed', 'messaging_banned'] as const;

/** GET /api/admin/conversation-reports: open (default) or resolved, a page at a time. */
export const conversationReportsQuerySchema = listQuerySchema.omit({ q: true }).extend({
  status: z.enum(['open', 'resolved']).default('open'),
});

/** A conversation report as the admin sees it in the list: by names, no contact details. */
export const conversationReportSchema = z.object({
  _id: z.string(),
  reason: z.enum(conversationReportReasons),
  reportText: z.string(),
  reporterName: z.string(),
  /** The other person of the conversation: the one reported. */
  reportedName: z.string(),
  /** Whether an admin has stopped the reported person from sending messages (now). */
  reportedBanned: z.boolean(),
  laptopName: z.string(),
  createdAt: z.string(),
  resolved: z.boolean(),
  resolution: z.enum(conversationReportResolutions).nullable(),
});
export type ConversationReport = z.infer<typeof conversationReportSchema>;

/** Who wrote a line of a reported thread, as the admin reads it. */
export const reportedMessageAuthors = ['reporter', 'reported', 'system'] as const;

/**
 * GET /api/admin/conversation-reports/:id/thread: the reported conversation, read
 * only, newest messages first (pass nextCursor as `before` for older ones).
 */
export const reportedThreadSchema = z.object({
  report: conversationReportSchema,
  laptop: z.object({ _id: z.string(), name: z.string(), thumbnail: z.string() }),
  messages: z.array(
    z.object({
      _id: z.string(),
      body: z.string(),
      from: z.enum(reportedMessageAuthors),
      sentAt: z.string(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
export type ReportedThread = z.infer<typeof reportedThreadSchema>;
