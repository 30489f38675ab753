import { z } from 'zod';
import { loginMessages } from './messages.ts';

export const loginInputSchema = z.object({
  email: z.string().trim().min(1, loginMessages.emailRequired),
  password: z.string().min(1, loginMessages.passwordRequired),
});

export type LoginInput = z.infer<typeof loginInputSchema>;
