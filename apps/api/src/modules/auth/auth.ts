import { betterAuth } from 'better-auth';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer, genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, like, ne } from 'drizzle-orm';
import { z } from 'zod';
import {
  MIN_PASSWORD_LENGTH,
  emailAddressSchema,
  personNameSchema,
  signUpUserTypes,
} from '@laptops/shared/auth';
import { signUpMessages } from '@laptops/shared/messages';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { verifications } from '../../db/schema/verifications.ts';
import { hasDatabaseCode, isDatabaseError } from '../../lib/database-errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { isOwnUploadedImage } from '../images/images.service.ts';
import { afterAnswer, authRequestState, type BetterAuthLog } from './auth-request-state.ts';
import { RESET_TOKEN_TTL_SECONDS, resetPasswordMail, welcomeMail } from './auth.mails.ts';
import { writeDecoyResetLink } from './reset-request-decoy.ts';

export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;

export { authRequestState, type BetterAuthLog } from './auth-request-state.ts';

const uniqueViolation = new Set(['23505']);

/**
 * Logs better-auth's messages about one request as JSON with the app's others. It
 * says 'error' for what the client caused too (an unknown provider, a forged OAuth
 * state, a double-clicked sign-up meeting the unique index): for a refusal (a 4xx, or
 * an OAuth error sent back as a redirect) that is info. A failure (5xx), and a
 * database fault whatever better-auth answered (it answers 422 to a sign-up the
 * database failed), keep their level.
 */
export function writeBetterAuthLogs(
  log: FastifyBaseLogger,
  logs: BetterAuthLog[],
  status?: number,
) {
  for (const { level, message, args } of logs) {
    const err = args.find((arg): arg is Error => arg instanceof Error);
    const details = args.filter((arg) => arg !== err);
    const refusal =
      status !== undefined &&
      status >= 300 &&
      status < 500 &&
      (!isDatabaseError(err) || hasDatabaseCode(err, uniqueViolation));
    log[refusal && (level === 'error' || level === 'warn') ? 'info' : level](
      { err, ...(details.length > 0 ? { details } : {}) },
      `better-auth: ${message}`,
    );
  }
}

/**
 * Ends an account's reset links and its sessions other than `keep`: once a new
 * password is stored (better-auth ends sessions before storing it, so a sign-in with
 * the old one could still add one in between), and when the account is deleted.
 */
export async function endSessionsAndResetLinks(db: Db, userId: string, keep?: string) {
  await db
    .delete(verifications)
    .where(
      and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)),
    );
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep ? ne(sessions.token, keep) : undefined));
}

export type GoogleOptions = { clientId: string; clientSecret: string | undefined; issuer: string };

/** Fields of the user that only the server (sign-up rules or an admin) may set. */
const serverOwnedUserFields = [
  'typeOfUser',
  'isVerified',
  'deletedAt',
  'email',
  'emailVerified',
] as const;

/**
 * True when a request carries text no person types and better-auth fails on with a
 * 500: a NUL (PostgreSQL refuses it), another control character (it cannot go into
 * a redirect's Location header) or half of a UTF-16 surrogate pair (URL-encoding it
 * throws). Walked without recursion: a body may be nested thousands of levels deep.
 */
export function hasUnusableText(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (controlCharacter.test(next) || loneSurrogate.test(next)) return true;
    } else if (next && typeof next === 'object') {
      // One by one: spreading a 500,000-item array would overflow the call stack.
      for (const item of Object.values(next)) pending.push(item);
    }
  }
  return false;
}
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The parameters better-auth sends the browser on to once it is done. */
const redirectParameters = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'];

/**
 * A redirect better-auth may follow: a path on this site ("/login", never "//evil.test"
 * or "/\\evil.test", which browsers treat as other sites) or a URL on a trusted origin.
 * better-auth let "//evil.test" through (an open redirect from the reset link) and
 * failed with a 500 on "\\/" and on raw non-ASCII paths.
 */
export function isSafeRedirect(value: unknown, trustedOrigins: string[]): boolean {
  if (value === undefined) return true;
  if (typeof value !== 'string') return false;
  // Printable ASCII only: browsers percent-encode anything else, and a raw "/İ"
  // made better-auth fail with a 500 (found by the fuzzer).
  if (!/^[\x21-\x7e]*$/.test(value)) return false;
  if (/^\/(?![/\\])/.test(value)) return true;
  try {
    return trustedOrigins.includes(new URL(value).origin);
  } catch {
    return false;
  }
}

/**
 * Whether the account is deleted (or was never there). Read with a share lock: a
 * deletion under way, which locks the row, is waited for.
 */
async function isAccountGone(db: Db, userId: string): Promise<boolean> {
  const [user] = await db
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  return !user || user.deletedAt !== null;
}

const accountDeleted = () =>
  new APIError('FORBIDDEN', { message: 'This account has been deleted.' });

/** Whether an account (deleted ones too) holds this email, as better-auth stores it. */
async function emailIsTaken(db: Db, email: unknown): Promise<boolean> {
  if (typeof email !== 'string') return false;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return user !== undefined;
}

/**
 * A Google account's name, held to sign-up's rule (the provider's may be blank or very
 * long); failing it, the part of the email before the @.
 */
export function nameFromProfile(profile: { name?: unknown; email?: unknown }): string {
  const name = personNameSchema.safeParse(profile.name);
  if (name.success) return name.data;
  const local =
    String(profile.email ?? '')
      .split('@')[0]
      ?.trim() ?? '';
  return local.slice(0, 100) || 'Buyer';
}

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
    hooks: {
      before: createAuthMiddleware(async (context) => {
        if (hasUnusableText(context.body) || hasUnusableText(context.query)) {
          throw new APIError('BAD_REQUEST', {
            message: 'The request contains a character that is not allowed.',
          });
        }
        const given = { ...context.query, ...context.body } as Record<string, unknown>;
        if (
          !redirectParameters.every((key) => isSafeRedirect(given[key], options.trustedOrigins))
        ) {
          throw new APIError('BAD_REQUEST', { message: 'This redirect is not allowed.' });
        }
        // better-auth takes any name (blank, a number, 500,000 characters), and a
        // seller's is shown on every card: the form's rule holds here too.
        const body = context.body as Record<string, unknown> | undefined;
        const setsName =
          context.path === '/sign-up/email' || (context.path === '/update-user' && 'name' in given);
        if (setsName && body && typeof body === 'object') {
          const name = personNameSchema.safeParse(body.name);
          if (!name.success) {
            throw new APIError('BAD_REQUEST', {
              message: name.error.issues[0]?.message ?? signUpMessages.nameRequired,
            });
          }
          body.name = name.data;
        }
        if (context.path === '/sign-up/email' && body && typeof body === 'object') {
          // better-auth takes any length; past 254 characters, mail cannot carry it and
          // admins cannot look the account up.
          const email = emailAddressSchema.safeParse(body.email);
          if (!email.success) {
            throw new APIError('BAD_REQUEST', {
              message: email.error.issues[0]?.message ?? signUpMessages.emailInvalid,
            });
          }
        }
        // better-auth stores whatever it is given (5, true, a list) as the picture.
        if (
          context.path === '/update-user' &&
          body &&
          typeof body === 'object' &&
          body.image !== undefined &&
          body.image !== null &&
          typeof body.image !== 'string'
        ) {
          throw new APIError('BAD_REQUEST', { message: 'Please upload the picture first.' });
        }
        // A new password shuts out whoever knew the old one, as a reset does: every
        // other session and bearer token ends, whatever the client asked for.
        if (context.path === '/change-password' && body && typeof body === 'object') {
          body.revokeOtherSessions = true;
        }
      }),
      after: createAuthMiddleware(async (context) => {
        const returned = context.context.returned;
        // The same sign-up sent twice at once (a double click): both found the email
        // free, and the second met the unique index. Its answer is the duplicate's.
        if (
          context.path === '/sign-up/email' &&
          returned instanceof APIError &&
          returned.body?.code === 'FAILED_TO_CREATE_USER' &&
          (await emailIsTaken(db, (context.body as { email?: unknown } | undefined)?.email))
        ) {
          throw new APIError('UNPROCESSABLE_ENTITY', {
            message: 'User already exists. Use another email.',
            code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
          });
        }
        // An unknown email takes as long to answer as a known one.
        if (
          context.path === '/request-password-reset' &&
          // Only an answered request: better-auth's refusals are not all its APIError.
          !(returned instanceof Error) &&
          !authRequestState.getStore()?.storedResetLink
        ) {
          await writeDecoyResetLink(db);
        }
        const userId = context.context.session?.user.id;
        if (
          context.path === '/change-password' &&
          userId &&
          !(context.context.returned instanceof APIError)
        ) {
          // The password is changed already: a failure here is logged, not answered.
          await endSessionsAndResetLinks(
            db,
            userId,
            context.context.newSession?.session.token,
          ).catch((error: unknown) =>
            options.log.error({ err: error }, 'old sessions not ended after a password change'),
          );
        }
      }),
    },
    // Held until the request's answer is known (plugins/auth.ts); outside a request,
    // logged at once.
    logger: {
      log: (level, message, ...args) => {
        const logs = authRequestState.getStore()?.logs;
        if (logs) logs.push({ level, message, args });
        else writeBetterAuthLogs(log, [{ level, message, args }]);
      },
    },
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
    databaseHooks: {
      verification: {
        create: {
          after: async (verification) => {
            const state = authRequestState.getStore();
            if (state && verification.identifier.startsWith('reset-password:')) {
              state.storedResetLink = true;
            }
          },
        },
      },
      session: {
        create: {
          before: async (session, context) => {
            // A deleted account cannot sign in again (soft delete). Read with a
            // share lock: a deletion under way (which locks the row) is waited for, or
            // its session purge could run before this session is written.
            if (await isAccountGone(db, session.userId)) throw accountDeleted();
            // The password this sign-in checked was changed (reset) while it ran: the
            // change ends every session, and this one would outlive it.
            const verifiedHash = authRequestState.getStore()?.verifiedHash;
            if (context?.path === '/sign-in/email' && verifiedHash !== undefined) {
              const [credential] = await db
                .select({ password: accounts.password })
                .from(accounts)
                .where(
                  and(eq(accounts.userId, session.userId), eq(accounts.providerId, 'credential')),
                );
              if (credential?.password !== verifiedHash) {
                throw new APIError('UNAUTHORIZED', { message: 'Invalid email or password' });
              }
            }
          },
          after: async (session) => {
            // The check above holds its lock for one statement (better-auth runs no
            // transaction), so a deletion can run to its end before this row is written
            // and its purge miss it. Read again, now that the row is there.
            if (await isAccountGone(db, session.userId)) {
              await db.delete(sessions).where(eq(sessions.id, session.id));
              throw accountDeleted();
            }
          },
        },
      },
      user: {
        create: {
          before: async (data, context) => {
            // Only a signed-in user can upload, so a picture named at sign-up is someone
            // else's: the form uploads it once the account exists (update-user checks it).
            if (context?.path === '/sign-up/email' && data.image) {
              throw new APIError('BAD_REQUEST', {
                message: 'Add your picture once your account exists.',
              });
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
            // A session that slipped past an account's deletion changes nothing.
            if (userId && (await isAccountGone(db, userId))) throw accountDeleted();
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
                  // Google sign-in always creates a buyer: it has no role to choose.
                  mapProfileToUser: (profile) => ({
                    name: nameFromProfile(profile),
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
