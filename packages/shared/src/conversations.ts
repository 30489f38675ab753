import { z } from 'zod';
import { messagingStates } from './conversation-safety.ts';
import { hasVisibleCharacter, isPlainText, nulMessage, tooLongMessage } from './fields.ts';
import { uuidSchema } from './ids.ts';

/** The longest message a person can send. */
export const MESSAGE_MAX = 2000;

/** POST /api/conversations: ask a laptop's seller; the asker is the signed-in user. */
export const startConversationSchema = z.object({ productId: uuidSchema });

const writeSomething = 'Please write a message or add a photo';

/**
 * POST /api/conversations/:id/messages: text, a photo (a URL our /api/images gave the
 * sender), or both. Text of only invisible characters counts as none.
 */
export const messageInputSchema = z
  .object({
    body: z
      .string()
      .trim()
      .max(MESSAGE_MAX, tooLongMessage(MESSAGE_MAX))
      .refine(isPlainText, nulMessage)
      .transform((text) => (hasVisibleCharacter(text) ? text : ''))
      .default(''),
    image: z.string().min(1).max(300).optional(),
  })
  .refine((input) => input.body !== '' || input.image !== undefined, {
    path: ['body'],
    message: writeSomething,
  });

/** GET /api/conversations/:id: older messages come after `before` (a message's cursor). */
export const threadQuerySchema = z.object({
  before: uuidSchema.optional(),
});

/** Which side of the deal the viewer is on. */
export const conversationRoles = ['buyer', 'seller'] as const;

const laptopSchema = z.object({
  _id: z.string(),
  name: z.string(),
  thumbnail: z.string(),
  resalePrice: z.number(),
  isSold: z.boolean(),
});

const personSchema = z.object({ name: z.string(), image: z.string().nullable() });

export const messageSchema = z.object({
  _id: z.string(),
  /** Empty for a photo sent alone. */
  body: z.string(),
  /** A photo and its small copy, or null. */
  image: z.object({ url: z.string(), thumbnail: z.string() }).nullable(),
  /** Written by the viewer (false for the other person's and for system lines). */
  fromMe: z.boolean(),
  /** A line the marketplace wrote (a booking, a payment), not a person. */
  system: z.boolean(),
  sentAt: z.string(),
});

/** A thread in the inbox: its laptop, the other person, the last message, unread count. */
export const conversationSummarySchema = z.object({
  _id: z.string(),
  role: z.enum(conversationRoles),
  laptop: laptopSchema,
  other: personSchema,
  lastMessage: messageSchema.nullable(),
  unread: z.number(),
});

/** A thread: newest messages first, a page at a time (`nextCursor` for older ones). */
export const threadSchema = z.object({
  _id: z.string(),
  role: z.enum(conversationRoles),
  laptop: laptopSchema,
  other: personSchema,
  /** Whether the viewer can write here (blocks, an admin's messaging ban). */
  messaging: z.enum(messagingStates),
  messages: z.array(messageSchema),
  nextCursor: z.string().nullable(),
});

export const startedConversationSchema = z.object({ conversationId: z.string() });

export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export type Thread = z.infer<typeof threadSchema>;
export type Message = z.infer<typeof messageSchema>;
