import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { verifications } from '../../db/schema/verifications.ts';

export const MIN_PASSWORD_LENGTH = 6;

/** Fields of the user that only the server (sign-up rules or an admin) may set. */
const serverOwnedUserFields = ['typeOfUser', 'isVerified', 'deletedAt'] as const;

export function createAuth(options: {
  db: Db;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
}) {
  return betterAuth({
    appName: 'Laptop Resale',
    basePath: '/api/auth',
    baseURL: options.baseURL,
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: { enabled: true, minPasswordLength: MIN_PASSWORD_LENGTH },
    user: {
      additionalFields: {
        // Sign-up chooses buyer or seller; admin is never self-chosen (DESIGN.md section 5).
        typeOfUser: {
          type: 'string',
          required: false,
          defaultValue: 'buyer',
          input: true,
          validator: { input: z.enum(['buyer', 'seller']) },
        },
        isVerified: { type: 'boolean', required: false, defaultValue: false, input: false },
        deletedAt: { type: 'date', required: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        update: {
          // The profile endpoint may change name and picture, never role or status.
          before: async (data, context) => {
            if (context?.path !== '/update-user') return;
            if (serverOwnedUserFields.some((field) => field in data)) {
              throw new APIError('FORBIDDEN', { message: 'You cannot change that field.' });
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
