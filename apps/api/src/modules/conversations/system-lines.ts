/**
 * Lines the marketplace writes in a buyer's conversation with a seller about a laptop,
 * so the thread is the history of the deal: a booking, a payment, a cancellation, a
 * booking that ended, a refund. Each is written in the transaction that makes the
 * change it tells of: a rollback takes the line with it, and a commit never leaves it
 * out. The conversation is started if the buyer never asked anything.
 *
 * Called last in those transactions: they lock accounts, orders and laptops first
 * (docs/decisions/0024), and the conversation's row after them, so a transaction that
 * holds a conversation (sending, reading) never waits on one that holds a laptop.
 */
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { formatDollars } from '@laptops/shared/money';
import type { Db } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/conversations.ts';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import type { LiveSignal } from '../live/live-bus.ts';

/** The words of each line; what a buyer typed is shown as text, as every message is. */
export const systemLineText = {
  booked: (buyerName: string, meetingLocation: string) =>
    `${buyerName} booked this laptop to meet at ${meetingLocation}.`,
  paid: (buyerName: string, amountCents: number) =>
    `${buyerName} paid ${formatDollars(amountCents)}. The laptop is sold; the payment is held until the handover.`,
  releasedAtHandover: 'The buyer confirmed the handover. The payment was released to the seller.',
  releasedAutomatically:
    'No problem was reported in time, so the payment was released to the seller.',
  sellerCancelled: (amountCents: number) =>
    `The seller cancelled the sale. The payment of ${formatDollars(amountCents)} is being refunded in full.`,
  cancelled: 'The booking was cancelled.',
  soldToAnother: 'The laptop was sold to another buyer, so this booking has ended.',
  withdrawn: 'The laptop is no longer for sale, so this booking has ended.',
  refunded: (amountCents: number) => `The payment of ${formatDollars(amountCents)} was refunded.`,
  disputeOpened: (reason: string, details: string) =>
    `The buyer opened a dispute: ${reason}. The payment stays held until an admin settles it; ` +
    `the seller can answer here.\n\n“${details}”`,
  disputeRefunded: (amountCents: number, note: string) =>
    `An admin settled the dispute: the payment of ${formatDollars(amountCents)} is being refunded ` +
    `to the buyer in full.\n\nNote from the admin: ${note}`,
  disputeRefundedPart: (refundCents: number, sellerCents: number, note: string) =>
    `An admin settled the dispute: ${formatDollars(refundCents)} is being refunded to the buyer, ` +
    `and ${formatDollars(sellerCents)} (after the platform fee) was released to the seller.` +
    `\n\nNote from the admin: ${note}`,
  disputeReleased: (sellerCents: number, note: string) =>
    `An admin settled the dispute for the seller: ${formatDollars(sellerCents)} (after the ` +
    `platform fee) was released to them.\n\nNote from the admin: ${note}`,
} as const;

/** A line written: who is told of it live once its transaction has committed. */
export type SystemLine = { conversationId: string; messageId: string; userIds: string[] };

/** The longest message the table takes. */
const MAX_BODY = 2000;

/**
 * Writes a line in the buyer's conversation about the laptop, starting it if there is
 * none, and moves the conversation to the top of both inboxes. `tx` must be the
 * transaction of the change the line tells of.
 */
export async function writeSystemLine(
  tx: Db,
  line: { productId: string; buyerId: string; sellerId: string; body: string },
): Promise<SystemLine> {
  const { productId, buyerId, sellerId } = line;
  // No lock on an existing row: a conflict leaves it alone (the update below locks it).
  await tx
    .insert(conversations)
    .values({ productId, buyerId, sellerId })
    .onConflictDoNothing({ target: [conversations.productId, conversations.buyerId] });
  // The time it is written, not the transaction's start (now()): a transaction that
  // waited for a laptop's lock comes after what it waited for, and so does its line
  // (a sale's "sold to another buyer" after the booking it ended).
  const [conversation] = await tx
    .update(conversations)
    .set({ lastMessageAt: sql`clock_timestamp()` })
    .where(and(eq(conversations.productId, productId), eq(conversations.buyerId, buyerId)))
    .returning({
      id: conversations.id,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
    });
  if (!conversation) throw new Error('system line: the conversation was not found');
  const [message] = await tx
    .insert(messages)
    .values({
      conversationId: conversation.id,
      senderId: null,
      body: line.body.slice(0, MAX_BODY),
      createdAt: sql`clock_timestamp()`,
    })
    .returning({ id: messages.id });
  if (!message) throw new Error('system line: the message was not written');
  return {
    conversationId: conversation.id,
    messageId: message.id,
    userIds: [conversation.buyerId, conversation.sellerId],
  };
}

/**
 * Lines in several conversations (the bookings a sale or a withdrawal ended). Their
 * rows are locked in id order, the order a block locks the conversations of two people
 * (conversation-safety/blocks.service.ts), so two writers of several rows never each
 * hold one the other waits for.
 */
export async function writeSystemLines(
  tx: Db,
  lines: { productId: string; buyerId: string; sellerId: string; body: string }[],
): Promise<SystemLine[]> {
  if (lines.length === 0) return [];
  for (const { productId, buyerId, sellerId } of lines) {
    await tx
      .insert(conversations)
      .values({ productId, buyerId, sellerId })
      .onConflictDoNothing({ target: [conversations.productId, conversations.buyerId] });
  }
  await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      or(
        ...lines.map((line) =>
          and(eq(conversations.productId, line.productId), eq(conversations.buyerId, line.buyerId)),
        ),
      ),
    )
    .orderBy(conversations.id)
    .for('no key update');
  const written: SystemLine[] = [];
  for (const line of lines) written.push(await writeSystemLine(tx, line));
  return written;
}

/**
 * Writes `body` in the thread of each open booking (not paid, not cancelled) of these
 * laptops, but `exceptOrderId`'s: the bookings a sale or a withdrawal ended. The caller
 * holds the laptops' rows, so no booking of them starts or ends meanwhile.
 */
export async function writeLinesForOpenBookings(
  tx: Db,
  productIds: string[],
  body: string,
  exceptOrderId?: string,
): Promise<SystemLine[]> {
  if (productIds.length === 0) return [];
  const open = await tx
    .select({ productId: orders.productId, buyerId: orders.buyerId, sellerId: products.sellerId })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(
      and(
        inArray(orders.productId, productIds),
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
        eq(orders.paid, false),
        isNull(orders.cancelledAt),
      ),
    );
  return writeSystemLines(
    tx,
    open.map((booking) => ({ ...booking, body })),
  );
}

/**
 * The lines a sale writes: the payment in the buyer's thread, and in each other open
 * booking's thread that it has ended (this transaction holds the laptop's row).
 */
export async function writeSaleLines(
  tx: Db,
  sale: {
    order: { id: string; buyerId: string };
    product: { id: string; sellerId: string };
    amountCents: number;
  },
): Promise<SystemLine[]> {
  const { order, product } = sale;
  const [buyer] = await tx
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, order.buyerId));
  const paid = await writeSystemLine(tx, {
    productId: product.id,
    buyerId: order.buyerId,
    sellerId: product.sellerId,
    body: systemLineText.paid(buyer?.name ?? 'The buyer', sale.amountCents),
  });
  const ended = await writeLinesForOpenBookings(
    tx,
    [product.id],
    systemLineText.soldToAnother,
    order.id,
  );
  return [paid, ...ended];
}

/** Publishes a live signal; never throws (the route or job logs a failure). */
export type Tell = (signal: LiveSignal) => Promise<void>;

/** `publish` with failures logged: a line is stored either way, and a lost signal only delays it to the next load. */
export function tellWith(
  publish: (signal: LiveSignal) => Promise<void>,
  log: { warn(details: object, message: string): void },
): Tell {
  return (signal) =>
    publish(signal).catch((error: unknown) => {
      log.warn({ err: error }, 'live: a signal could not be published');
    });
}

/** Tells both people of each line, once its transaction has committed. */
export async function announce(tell: Tell, lines: SystemLine[]): Promise<void> {
  await Promise.all(
    lines.map((line) =>
      tell({
        kind: 'message',
        conversationId: line.conversationId,
        messageId: line.messageId,
        userIds: line.userIds,
      }),
    ),
  );
}
