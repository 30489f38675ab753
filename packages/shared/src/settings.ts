import { z } from 'zod';

/** GET /api/settings: what the signed-in person chose for their account. */
export const settingsSchema = z.object({
  /** Email me when a message waits unread for a few minutes (one per conversation). */
  messageEmails: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** PATCH /api/settings: the choices to change. */
export const settingsInputSchema = z.object({
  messageEmails: z.boolean({ error: 'Please choose whether to get emails about new messages' }),
});
export type SettingsInput = z.infer<typeof settingsInputSchema>;

/** GET and POST /api/unsubscribe/messages: the token in the email's unsubscribe link. */
export const unsubscribeQuerySchema = z.object({
  token: z.string().min(1, 'This unsubscribe link has no token').max(400),
});
