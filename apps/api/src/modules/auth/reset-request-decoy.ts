import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verifications } from '../../db/schema/verifications.ts';

/** Stand-in rows, so that concurrent requests seldom wait for one another's. */
const DECOY_ROWS = 8;

/**
 * A reset request for an email with an account stores a reset link (one row written,
 * then the mail, sent after the answer); for an unknown email better-auth only reads.
 * That write was the difference left in the time to answer (12 ms against 8 ms), enough
 * to tell which emails have accounts. So an unknown email writes a row of the same
 * table too: one of a few stand-ins, already expired and belonging to nobody (no user
 * has the id ''), rewritten each time with a new identifier, so they never pile up.
 */
export async function writeDecoyResetLink(db: Db) {
  const now = new Date();
  const row = {
    id: `reset-link-decoy-${randomInt(DECOY_ROWS)}`,
    // Like a real link's: 24 random characters.
    identifier: `reset-password:${randomBytes(18).toString('base64url')}`,
    value: '',
    expiresAt: now,
    createdAt: now,
    updatedAt: now,
  };
  await db
    .insert(verifications)
    .values(row)
    .onConflictDoUpdate({
      target: verifications.id,
      set: {
        identifier: sql`excluded.identifier`,
        expiresAt: sql`excluded.expires_at`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}
