/**
 * Who may write to whom, after blocks and an admin's messaging ban: what the
 * conversations service asks before a message or a new conversation, and what it
 * leaves out of the blocker's inbox. System lines (a booking, a payment) ask nothing
 * here: a block never stops a deal already under way.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { MessagingState } from '@laptops/shared/conversation-safety';
import type { Db } from '../../db/client.ts';
import { conversations } from '../../db/schema/conversations.ts';
import { userBlocks } from '../../db/schema/conversation-safety.ts';
import { HttpError } from '../../lib/http-error.ts';

export const messagingRefusals = {
  // The blocked person is not told they were blocked: only that the thread is closed.
  closed: 'This conversation is closed: you can no longer send messages here.',
  blockedByYou:
    'You blocked this person, so this conversation is closed. Unblock them to write here again.',
  suspended:
    'An admin has stopped your account from sending messages. If you think this is a mistake, write to us through Contact us.',
  startClosed: 'You can no longer send messages to this seller.',
  startBlockedByYou:
    'You blocked this seller. Unblock them on your profile page to ask about their laptops.',
} as const;

/** Whether `viewerId` may write to `otherId` now, and if not, why (as the viewer may know it). */
export async function messagingState(
  db: Db,
  viewerId: string,
  otherId: string,
): Promise<MessagingState> {
  const result = await db.execute(sql`select
      exists (select 1 from messaging_bans where user_id = ${viewerId}) as suspended,
      exists (select 1 from user_blocks
        where blocker_id = ${viewerId} and blocked_id = ${otherId}) as "blockedByYou",
      exists (select 1 from user_blocks
        where blocker_id = ${otherId} and blocked_id = ${viewerId}) as closed`);
  type Row = { suspended: boolean; blockedByYou: boolean; closed: boolean };
  const [row] = (result as unknown as { rows: Row[] }).rows;
  if (row?.suspended) return 'suspended';
  if (row?.blockedByYou) return 'blocked-by-you';
  if (row?.closed) return 'closed';
  return 'open';
}

/**
 * Refuses a message the viewer may not send. Run first in the sending transaction: the
 * conversation's row lock makes a block taken at that moment (which locks the pair's
 * conversations) either wait for this message or be seen by it.
 */
export async function assertCanWrite(
  tx: Db,
  viewerId: string,
  otherId: string,
  conversationId: string,
): Promise<void> {
  await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .for('no key update');
  const state = await messagingState(tx, viewerId, otherId);
  if (state === 'suspended')
    throw new HttpError(403, 'MESSAGING_SUSPENDED', messagingRefusals.suspended);
  if (state === 'blocked-by-you')
    throw new HttpError(409, 'CONVERSATION_CLOSED', messagingRefusals.blockedByYou);
  if (state === 'closed') throw new HttpError(409, 'CONVERSATION_CLOSED', messagingRefusals.closed);
}

/** Refuses a new conversation with a seller the viewer may not write to. */
export async function assertCanStart(db: Db, viewerId: string, sellerId: string): Promise<void> {
  const state = await messagingState(db, viewerId, sellerId);
  if (state === 'suspended')
    throw new HttpError(403, 'MESSAGING_SUSPENDED', messagingRefusals.suspended);
  if (state === 'blocked-by-you')
    throw new HttpError(409, 'CONVERSATION_CLOSED', messagingRefusals.startBlockedByYou);
  if (state === 'closed')
    throw new HttpError(409, 'CONVERSATION_CLOSED', messagingRefusals.startClosed);
}

/** The viewer's conversations with people they have not blocked (their inbox and its count). */
export function notBlockedByViewer(viewerId: string): SQL {
  return sql`not exists (select 1 from ${userBlocks}
    where ${userBlocks.blockerId} = ${viewerId}
      and ${userBlocks.blockedId} = case when ${conversations.buyerId} = ${viewerId}
        then ${conversations.sellerId} else ${conversations.buyerId} end)`;
}
