import { z } from 'zod';
import {
  hasVisibleCharacter,
  isOneLine,
  isPlainText,
  nulMessage,
  oneLineMessage,
  tabsToSpaces,
} from './fields.ts';
import { contactMessages } from './messages.ts';

/** The Home 'Contact Us' form, shared by the form and POST /api/contact. */
export const contactMessageInputSchema = z.object({
  email: z
    .string({ error: contactMessages.emailRequired })
    .trim()
    .min(1, contactMessages.emailRequired)
    .max(254, contactMessages.emailInvalid)
    .pipe(z.email({ error: contactMessages.emailInvalid })),
  subject: z
    .string({ error: contactMessages.subjectRequired })
    .overwrite(tabsToSpaces)
    .trim()
    .min(1, contactMessages.subjectRequired)
    .max(200, contactMessages.subjectTooLong)
    .refine(isPlainText, nulMessage)
    .refine(isOneLine, oneLineMessage)
    .refine(hasVisibleCharacter, contactMessages.subjectRequired),
  message: z
    .string({ error: contactMessages.messageRequired })
    .trim()
    .min(1, contactMessages.messageRequired)
    .max(5000, contactMessages.messageTooLong)
    .refine(isPlainText, nulMessage)
    .refine(hasVisibleCharacter, contactMessages.messageRequired),
});

export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactMessageResultSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
});
