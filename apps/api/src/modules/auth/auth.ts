import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { bearer, genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, signUpUserTypes } from '@laptops/shared/auth';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { verifications } from '../../db/schema/verifications.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { isOwnUploadedImage, isUploadedImage } from '../images/images.service.ts';
import { RESET_TOKEN_TTL_SECONDS, resetPasswordMail, welcomeMail } from './auth.mails.ts';

export type GoogleOptions = { clientId: string; clientSecret: string | undefined; issuer: string };

/** Fields of the user that only the server (sign-up rules or an admin) may set. */
const serverOwnedUserFields = [
  'typeOfUser',
  'isVerified',
  'deletedAt',
  'email',
  'emailVerified',
] as const;

export function createAuth(options: {
  db: Db;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  mailer: Mailer;
  log: FastifyBaseLogger;
  google: GoogleOptions | undefined;
}) {
  const { db, mailer, log, baseURL } = options;
  const sendQuietly = (mail: Parameters<Mailer['send']>[0]) =>
    mailer
      .send(mail)
      .catch((error: unknown) => log.error({ err: error, to: mail.to }, 'email not sent'));

  return betterAuth({
    appName: 'Laptop Resale',
    basePath: '/api/auth',
    baseURL,
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    // Our own limiter (plugins/auth-rate-limit.ts) guards sign-in, sign-up and reset.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await sendQuietly(resetPasswordMail({ to: user.email, name: user.name, url }));
      },
    },
    user: {
      additionalFields: {
        // Sign-up chooses buyer or seller; admin is never self-chosen (DESIGN.md section 5).
        typeOfUser: {
          type: 'string',
          required: false,
          defaultValue: 'buyer',
          input: true,
          validator: { input: z.enum(signUpUserTypes) },
        },
        isVerified: { type: 'boolean', required: false, defaultValue: false, input: false },
        deletedAt: { type: 'date', required: false, input: false },
      },
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: ['google'] },
    },
    databaseHooks: {
      session: {
        create: {
          // A deleted account cannot sign in again (DESIGN.md section 5).
          before: async (session) => {
            const [user] = await db
              .select({ deletedAt: users.deletedAt })
              .from(users)
              .where(eq(users.id, session.userId));
            if (!user || user.deletedAt) {
              throw new APIError('FORBIDDEN', { message: 'This account has been deleted.' });
            }
          },
        },
      },
      user: {
        create: {
          before: async (data, context) => {
            // A picture given at sign-up must be one our /api/images issued.
            if (
              context?.path === '/sign-up/email' &&
              data.image &&
              !(await isUploadedImage(db, data.image))
            ) {
              throw new APIError('BAD_REQUEST', { message: 'Please upload the picture first.' });
            }
          },
          after: async (user) => {
            void sendQuietly(welcomeMail({ to: user.email, name: user.name, baseURL }));
          },
        },
        update: {
          // The profile endpoint may change name and picture, never role or status.
          before: async (data, context) => {
            if (context?.path !== '/update-user') return;
            if (serverOwnedUserFields.some((field) => field in data)) {
              throw new APIError('FORBIDDEN', { message: 'You cannot change that field.' });
            }
            const userId = context.context.session?.user.id;
            if (
              typeof data.image === 'string' &&
              (!userId || !(await isOwnUploadedImage(db, data.image, userId)))
            ) {
              throw new APIError('BAD_REQUEST', { message: 'Please upload the picture first.' });
            }
          },
        },
      },
    },
    plugins: [
      // API clients may send the session token as a bearer token (GET /api/jwt gives it).
      bearer({ requireSignature: true }),
      ...(options.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  discoveryUrl: `${options.google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  clientId: options.google.clientId,
                  clientSecret: options.google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // Google sign-in always creates a buyer (SPEC.md section 4).
                  mapProfileToUser: (profile) => ({
                    name:
                      typeof profile.name === 'string' && profile.name
                        ? profile.name
                        : String(profile.email ?? ''),
                    typeOfUser: 'buyer',
                  }),
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
