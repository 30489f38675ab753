import { z } from 'zod';
import { hasVisibleCharacter, isOneLine, isPlainText, tabsToSpaces } from './fields.ts';
import { loginMessages, resetMessages, signUpMessages } from './messages.ts';

export const MIN_PASSWORD_LENGTH = 6;

export const loginInputSchema = z.object({
  email: z.string().trim().min(1, loginMessages.emailRequired),
  password: z.string().min(1, loginMessages.passwordRequired),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** The roles a person may choose at sign-up; admin is never self-chosen. */
export const signUpUserTypes = ['buyer', 'seller'] as const;

export const passwordSchema = z
  .string({ error: signUpMessages.passwordRequired })
  .min(1, signUpMessages.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, signUpMessages.passwordTooShort)
  .max(128, 'The password can be at most 128 characters');

/** A person's name, as sign-up and the profile take it (and the server checks it). */
export const personNameSchema = z
  .string({ error: signUpMessages.nameRequired })
  .overwrite(tabsToSpaces)
  .trim()
  .min(1, signUpMessages.nameRequired)
  .max(100, 'The name can be at most 100 characters')
  // A name of only invisible characters shows as blank on every card.
  .refine(hasVisibleCharacter, signUpMessages.nameRequired)
  // Text-direction overrides can make a name read as something else ("‮evil").
  .refine(isPlainText, 'The name contains a character that is not allowed')
  .refine(isOneLine, 'The name must be on one line');

/**
 * An address mail can carry: 254 characters in all, 64 before the @ (RFC 5321).
 * Admins look accounts up by email, and their routes take no longer one.
 */
export const emailAddressSchema = z
  .string({ error: signUpMessages.emailRequired })
  .trim()
  .min(1, signUpMessages.emailRequired)
  .max(254, signUpMessages.emailInvalid)
  .pipe(z.email({ error: signUpMessages.emailInvalid }))
  .refine((email) => email.indexOf('@') <= 64, signUpMessages.emailInvalid);

/** The Sign Up form (the picture is checked by the form; it is uploaded after sign-up). */
export const signUpInputSchema = z.object({
  name: personNameSchema,
  email: emailAddressSchema,
  typeOfUser: z.enum(signUpUserTypes, { error: signUpMessages.typeOfUserRequired }),
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpInputSchema>;

export const resetRequestInputSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, resetMessages.emailRequired)
    .pipe(z.email({ error: resetMessages.emailInvalid })),
});
export type ResetRequestInput = z.infer<typeof resetRequestInputSchema>;

export const newPasswordInputSchema = z.object({ newPassword: passwordSchema });
export type NewPasswordInput = z.infer<typeof newPasswordInputSchema>;

export const profileInputSchema = z.object({ name: personNameSchema });
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const userTypes = ['buyer', 'seller', 'admin'] as const;
export type UserType = (typeof userTypes)[number];

/** The signed-in user as the web client sees it (from better-auth's get-session). */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable().optional(),
  typeOfUser: z.enum(userTypes),
  isVerified: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/auth-options: which sign-in methods this deployment offers. */
export const authOptionsSchema = z.object({ google: z.boolean() });

export const roleCheckSchemas = {
  admin: z.object({ isAdmin: z.boolean() }),
  buyer: z.object({ isBuyer: z.boolean() }),
  seller: z.object({ isSeller: z.boolean() }),
};

export const jwtResultSchema = z.object({ accessToken: z.string() });
