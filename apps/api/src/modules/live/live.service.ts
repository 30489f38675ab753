/**
 * What the event streams read from the database: one message for a signal, and the
 * messages a reconnecting client missed.
 */
import { and, asc, eq, gte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/conversations.ts';
import type { LiveMessageRow } from './live-streams.ts';

/** The most a resume sends; past it the client is told to reload instead. */
export const REPLAY_LIMIT = 200;
/**
 * A message's time is its transaction's start, so one that committed just after the
 * client's last can carry an earlier time; resuming this far back catches it (the client
 * drops what it already has by id).
 */
const REPLAY_OVERLAP = sql`interval '5 seconds'`;

const columns = {
  id: messages.id,
  conversationId: messages.conversationId,
  body: messages.body,
  image: messages.image,
  senderId: messages.senderId,
  createdAt: messages.createdAt,
};

export async function loadMessage(db: Db, id: string): Promise<LiveMessageRow | null> {
  const [row] = await db.select(columns).from(messages).where(eq(messages.id, id));
  return row ?? null;
}

/**
 * The user's messages since `lastEventId` (oldest first), or 'too-many' past the limit;
 * null when that message is not the user's to see (a forged id resumes nothing).
 */
export async function missedMessages(
  db: Db,
  userId: string,
  lastEventId: string,
): Promise<LiveMessageRow[] | 'too-many' | null> {
  const [last] = await db
    .select({ since: sql<string>`(${messages.createdAt} - ${REPLAY_OVERLAP})::text` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.id, lastEventId),
        or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)),
      ),
    );
  if (!last) return null;
  const rows = await db
    .select(columns)
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)),
        gte(messages.createdAt, sql`${last.since}::timestamptz`),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(REPLAY_LIMIT + 1);
  return rows.length > REPLAY_LIMIT ? 'too-many' : rows;
}
