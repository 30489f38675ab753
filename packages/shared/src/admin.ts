import { z } from 'zod';
import { userTypes } from './auth.ts';
import { hasNoNul, nulMessage } from './fields.ts';

/** `?page=&limit=&q=` of the admin lists; the total comes in the X-Total-Count header. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).refine(hasNoNul, nulMessage).optional(),
});
export type ListQuery = z.input<typeof listQuerySchema>;

export const emailQuerySchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Please enter an email address')
    .max(254)
    .refine(hasNoNul, nulMessage),
});

export const adminUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  typeOfUser: z.enum(userTypes),
  isVerified: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const reportsQuerySchema = listQuerySchema.extend({
  status: z.enum(['open', 'resolved']).default('open'),
});

export const adminActions = [
  'verify-seller',
  'delete-seller',
  'delete-buyer',
  'delete-user',
  'make-admin',
  'remove-reported-product',
  'dismiss-report',
  'read-reported-conversation',
  'dismiss-conversation-report',
  'ban-from-messaging',
  'lift-messaging-ban',
  'read-dispute-conversation',
  'settle-dispute',
  'hide-review',
  'dismiss-review-reports',
  'approve-verification-photo',
  'reject-verification-photo',
  'mark-serial-stolen',
  'unmark-serial-stolen',
  'dismiss-serial-flag',
  'take-down-serial-listing',
] as const;
export type AdminAction = (typeof adminActions)[number];

/** One entry of the admin activity log. */
export const adminActivitySchema = z.object({
  _id: z.string(),
  action: z.enum(adminActions),
  adminName: z.string(),
  adminEmail: z.string(),
  target: z.string(),
  createdAt: z.string(),
});
export type AdminActivity = z.infer<typeof adminActivitySchema>;
