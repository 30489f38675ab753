/**
 * better-auth's request hooks, run before and after each of its endpoints: they refuse
 * text and redirects it would fail on or follow blindly, hold sign-up and the profile to
 * the forms' rules, answer a double-clicked sign-up as a duplicate, make an unknown
 * email's reset as slow as a known one's, and end the other sessions on a password change.
 */
import type { BetterAuthOptions } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { emailAddressSchema, personNameSchema } from '@laptops/shared/auth';
import { signUpMessages } from '@laptops/shared/messages';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { endSessionsAndResetLinks } from './auth-accounts.ts';
import { authRequestState } from './auth-request-state.ts';
import { writeDecoyResetLink } from './reset-request-decoy.ts';

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

/** Whether an account (deleted ones too) holds this email, as better-auth stores it. */
async function emailIsTaken(db: Db, email: unknown): Promise<boolean> {
  if (typeof email !== 'string') return false;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return user !== undefined;
}

/** better-auth's `hooks` option. */
export function authRequestHooks(options: {
  db: Db;
  trustedOrigins: string[];
  log: FastifyBaseLogger;
}): BetterAuthOptions['hooks'] {
  const { db } = options;
  return {
    before: createAuthMiddleware(async (context) => {
      if (hasUnusableText(context.body) || hasUnusableText(context.query)) {
        throw new APIError('BAD_REQUEST', {
          message: 'The request contains a character that is not allowed.',
        });
      }
      const given = { ...context.query, ...context.body } as Record<string, unknown>;
      if (!redirectParameters.every((key) => isSafeRedirect(given[key], options.trustedOrigins))) {
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
        await endSessionsAndResetLinks(db, userId, context.context.newSession?.session.token).catch(
          (error: unknown) =>
            options.log.error({ err: error }, 'old sessions not ended after a password change'),
        );
      }
    }),
  };
}
