import { z } from 'zod';
import { messageSchema } from './conversations.ts';
import { uuidSchema } from './ids.ts';

/**
 * GET /api/live: the signed-in user's event stream (Server-Sent Events). A reconnecting
 * client sends the last event id it saw (the browser's Last-Event-ID header, or this
 * query parameter) and gets every message it missed.
 */
export const livePath = '/api/live';
export const liveQuerySchema = z.object({ lastEventId: uuidSchema.optional() });

/** What the stream carries; each is an SSE event of the same name. */
export const liveEventSchema = z.discriminatedUnion('type', [
  /** A message in one of the user's conversations (their own from another tab too). */
  z.object({ type: z.literal('message'), conversationId: z.string(), message: messageSchema }),
  /** The user read a conversation (on this or another device): unread counts changed. */
  z.object({ type: z.literal('read'), conversationId: z.string() }),
  /** Events may have been lost: reload what is shown. */
  z.object({ type: z.literal('resync') }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** GET /api/conversations/unread: messages the signed-in user has not read, in all. */
export const unreadCountSchema = z.object({ count: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
