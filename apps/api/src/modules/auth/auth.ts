/**
 * better-auth, set up for this app: email and password accounts (buyers and sellers),
 * sessions kept in the database, bearer tokens for API clients and, when configured,
 * Google sign-in. Its checks live beside it: auth-request-hooks.ts (each request),
 * auth-accounts.ts (what it writes), better-auth-logs.ts (its messages).
 */
import { betterAuth } from 'better-auth';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, signUpUserTypes } from '@laptops/shared/auth';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { verifications } from '../../db/schema/verifications.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { authDatabaseHooks, endSessionsAndResetLinks } from './auth-accounts.ts';
import { afterAnswer, authRequestState } from './auth-request-state.ts';
import { authRequestHooks } from './auth-request-hooks.ts';
import { RESET_TOKEN_TTL_SECONDS, resetPasswordMail } from './auth.mails.ts';
import { betterAuthLogger } from './better-auth-logs.ts';
import { googleSignIn, type GoogleOptions } from './google-sign-in.ts';

export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;

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
    hooks: authRequestHooks({ db, trustedOrigins: options.trustedOrigins, log }),
    logger: betterAuthLogger(log),
    // Our own limiter (plugins/auth.ts) guards sign-in, sign-up and reset.
    rateLimit: { enabled: false },
    // A session lasts a week from its last use (renewed at most daily); no cookie
    // cache, so a deleted or signed-out session is refused on the very next request.
    session: { expiresIn: SESSION_TTL_SECONDS, updateAge: 60 * 60 * 24 },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        await endSessionsAndResetLinks(db, user.id).catch((error: unknown) =>
          options.log.error({ err: error }, 'old sessions not ended after a password reset'),
        );
      },
      // better-auth's own scrypt, noting which hash a sign-in checked.
      password: {
        hash: hashPassword,
        verify: async (input) => {
          const valid = await verifyPassword(input);
          const state = authRequestState.getStore();
          if (valid && state) state.verifiedHash = input.hash;
          return valid;
        },
      },
      sendResetPassword: async ({ user, url }) => {
        // A deleted account cannot sign in again, so it gets no way to set a password.
        if ((user as { deletedAt?: Date | null }).deletedAt) return;
        // Sent once the request is answered: waiting for the mail server (400 ms against
        // 15 ms for an unknown email) told anyone timing the answer which emails have
        // accounts, and so did building the mail while answering.
        afterAnswer(() => {
          void sendQuietly(resetPasswordMail({ to: user.email, name: user.name, url }));
        });
      },
    },
    user: {
      additionalFields: {
        // Sign-up chooses buyer or seller; admin is never self-chosen (see `npm run admin`).
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
    databaseHooks: authDatabaseHooks({ db, baseURL, sendQuietly }),
    plugins: [
      // API clients may send the session token as a bearer token (GET /api/jwt gives it).
      bearer({ requireSignature: true }),
      ...(options.google ? [googleSignIn(options.google)] : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
