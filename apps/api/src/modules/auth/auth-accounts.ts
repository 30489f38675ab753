/**
 * Accounts as better-auth writes them (its `databaseHooks`): a deleted account gets no
 * new session, a sign-in whose password changed meanwhile gets none either, the profile
 * changes only its own fields, a new account gets its welcome mail. And ending an
 * account's sessions and reset links, after a new password or a deletion.
 */
import type { BetterAuthOptions } from 'better-auth';
import { APIError } from 'better-auth/api';
import { and, eq, like, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { verifications } from '../../db/schema/verifications.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { isOwnUploadedImage } from '../images/images.service.ts';
import { authRequestState } from './auth-request-state.ts';
import { welcomeMail } from './auth.mails.ts';

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

/** Fields of the user that only the server (sign-up rules or an admin) may set. */
const serverOwnedUserFields = [
  'typeOfUser',
  'isVerified',
  'deletedAt',
  'email',
  'emailVerified',
] as const;

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

const invalidSignIn = () => new APIError('UNAUTHORIZED', { message: 'Invalid email or password' });

const accountDeleted = () =>
  new APIError('FORBIDDEN', { message: 'This account has been deleted.' });

/** better-auth's `databaseHooks` option. */
export function authDatabaseHooks(options: {
  db: Db;
  baseURL: string;
  /** Sends a mail without failing the request: a failure is logged. */
  sendQuietly: (mail: Parameters<Mailer['send']>[0]) => Promise<unknown>;
}): BetterAuthOptions['databaseHooks'] {
  const { db, baseURL, sendQuietly } = options;

  /**
   * Whether the password a sign-in checked was changed (reset) while it ran: the change
   * ends every session, and this sign-in's would outlive it.
   */
  const passwordChangedSinceSignIn = async (userId: string, path: string | undefined) => {
    const verifiedHash = authRequestState.getStore()?.verifiedHash;
    if (path !== '/sign-in/email' || verifiedHash === undefined) return false;
    const [credential] = await db
      .select({ password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    return credential?.password !== verifiedHash;
  };

  return {
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
          if (await passwordChangedSinceSignIn(session.userId, context?.path)) {
            throw invalidSignIn();
          }
        },
        after: async (session, context) => {
          // The checks above hold nothing (better-auth runs no transaction), so a
          // deletion or a reset can run to its end before this row is written, and its
          // purge miss it. Read again, now that the row is there: a change that ends
          // sessions afterwards will find it.
          if (await isAccountGone(db, session.userId)) {
            await db.delete(sessions).where(eq(sessions.id, session.id));
            throw accountDeleted();
          }
          if (await passwordChangedSinceSignIn(session.userId, context?.path)) {
            await db.delete(sessions).where(eq(sessions.id, session.id));
            throw invalidSignIn();
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
  };
}
