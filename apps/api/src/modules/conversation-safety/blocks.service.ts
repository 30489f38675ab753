/**
 * Blocking: one person blocks the other person of a conversation, which closes every
 * conversation between the two (messaging-rules.ts), and sees whom they blocked, and
 * unblocks. Orders, bookings and payments between them go on as before.
 */
import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import type { BlockedPerson } from '@laptops/shared/conversation-safety';
import type { Db } from '../../db/client.ts';
import { userBlocks } from '../../db/schema/conversation-safety.ts';
import { conversations } from '../../db/schema/conversations.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/http-error.ts';
import type { Viewer } from '../auth/viewer.ts';

const noConversation = () => notFound('There is no such conversation.');

/** The other person of one of the viewer's conversations; to anyone else it does not exist. */
export async function otherPersonIn(db: Db, viewer: Viewer, conversationId: string) {
  const [row] = await db
    .select({ buyerId: conversations.buyerId, sellerId: conversations.sellerId })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.buyerId, viewer.id), eq(conversations.sellerId, viewer.id)),
      ),
    );
  if (!row) throw noConversation();
  return row.buyerId === viewer.id ? row.sellerId : row.buyerId;
}

/** Blocks with the blocked person's name and picture. */
function blockRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: userBlocks.id,
      name: users.name,
      image: users.image,
      createdAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(where);
}

async function blockedPerson(db: Db, blockerId: string, blockedId: string) {
  const [row] = await blockRows(
    db,
    and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)),
  );
  return row ? toBlockedPerson(row) : null;
}

function toBlockedPerson(row: Awaited<ReturnType<typeof blockRows>>[number]): BlockedPerson {
  return {
    _id: row.id,
    name: row.name,
    image: row.image,
    blockedAt: row.createdAt.toISOString(),
  };
}

/**
 * Blocks the other person of the viewer's conversation; blocking them again changes
 * nothing (`created` false).
 */
export async function blockInConversation(
  db: Db,
  viewer: Viewer,
  conversationId: string,
): Promise<{ person: BlockedPerson; created: boolean }> {
  const otherId = await otherPersonIn(db, viewer, conversationId);
  const created = await db.transaction(async (tx) => {
    // The pair's conversations, in one order: a message being sent in one of them now
    // is sent before the block, or waits and is refused (messaging-rules.ts).
    await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        or(
          and(eq(conversations.buyerId, viewer.id), eq(conversations.sellerId, otherId)),
          and(eq(conversations.buyerId, otherId), eq(conversations.sellerId, viewer.id)),
        ),
      )
      .orderBy(conversations.id)
      .for('no key update');
    const inserted = await tx
      .insert(userBlocks)
      .values({ blockerId: viewer.id, blockedId: otherId })
      .onConflictDoNothing()
      .returning({ id: userBlocks.id });
    return inserted.length > 0;
  });
  const person = await blockedPerson(db, viewer.id, otherId);
  // Unblocked by another tab in between: as if that came after this.
  if (!person) throw noConversation();
  return { person, created };
}

/** Unblocks the other person of the viewer's conversation, if they were blocked. */
export async function unblockInConversation(
  db: Db,
  viewer: Viewer,
  conversationId: string,
): Promise<void> {
  const otherId = await otherPersonIn(db, viewer, conversationId);
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, viewer.id), eq(userBlocks.blockedId, otherId)));
}

/** Whom the viewer blocked, the latest first. */
export async function listBlocked(db: Db, viewer: Viewer): Promise<BlockedPerson[]> {
  const rows = await blockRows(db, eq(userBlocks.blockerId, viewer.id)).orderBy(
    desc(userBlocks.createdAt),
    desc(userBlocks.id),
  );
  return rows.map(toBlockedPerson);
}

/** Ends one of the viewer's blocks; anyone else's is not found. */
export async function unblock(db: Db, viewer: Viewer, blockId: string): Promise<void> {
  const deleted = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.id, blockId), eq(userBlocks.blockerId, viewer.id)))
    .returning({ id: userBlocks.id });
  if (deleted.length === 0) throw notFound('You have not blocked this person.');
}
