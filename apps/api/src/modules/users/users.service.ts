import { eq } from 'drizzle-orm';
import type { Settings, SettingsInput } from '@laptops/shared/settings';
import type { UserType } from '../../db/schema/users.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Viewer } from '../auth/viewer.ts';

/**
 * The role of the account with this email. A user may ask about their own email, an
 * admin about anyone's; a deleted account is not found.
 */
export async function roleOfAccount(db: Db, viewer: Viewer, typedEmail: string): Promise<UserType> {
  const email = typedEmail.trim().toLowerCase();
  if (email !== viewer.email && viewer.typeOfUser !== 'admin') {
    throw new HttpError(403, 'FORBIDDEN', 'You can only look up your own account.');
  }
  const [user] = await db
    .select({ typeOfUser: users.typeOfUser, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.email, email));
  if (!user || user.deletedAt) throw notFound('No user has this email.');
  return user.typeOfUser;
}

/** The signed-in person's choices for their account. */
export async function getSettings(db: Db, userId: string): Promise<Settings> {
  const [row] = await db
    .select({ messageEmails: users.messageEmails })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound('There is no such account.');
  return row;
}

export async function updateSettings(
  db: Db,
  userId: string,
  input: SettingsInput,
): Promise<Settings> {
  const [row] = await db
    .update(users)
    .set({ messageEmails: input.messageEmails, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ messageEmails: users.messageEmails });
  if (!row) throw notFound('There is no such account.');
  return row;
}
