/**
 * Conversations between a buyer and a seller about one laptop: starting one, the inbox,
 * a thread a page at a time, sending, and reading. Only the two people in a
 * conversation can see it; to anyone else it does not exist (404).
 */
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ConversationSummary, Message, Thread } from '@laptops/shared/conversations';
import type { Db } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/conversations.ts';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Viewer } from '../auth/viewer.ts';
import {
  assertCanStart,
  assertCanWrite,
  messagingState,
  notBlockedByViewer,
} from '../conversation-safety/messaging-rules.ts';
import { isOwnUploadedImage, thumbnailUrl } from '../images/images.service.ts';
import { hideContacts } from './hide-contacts.ts';

/** Messages per page of a thread, and threads in the inbox. */
export const THREAD_PAGE = 50;
export const INBOX_SIZE = 100;

const noConversation = () => notFound('There is no such conversation.');

/**
 * The viewer's conversation about a laptop, started if there is none: an existing one
 * whatever the laptop's state (a buyer who bought it can still write), a new one only
 * about a laptop for sale, and never with oneself.
 */
export async function startConversation(
  db: Db,
  viewer: Viewer,
  productId: string,
): Promise<{ id: string; started: boolean }> {
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.productId, productId), eq(conversations.buyerId, viewer.id)));
  if (existing) return { id: existing.id, started: false };
  const [laptop] = await db
    .select({
      sellerId: products.sellerId,
      status: products.status,
      withdrawnAt: products.deletedAt,
      sellerDeletedAt: users.deletedAt,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, productId));
  if (!laptop) throw notFound('There is no such laptop.');
  if (laptop.withdrawnAt || laptop.sellerDeletedAt) {
    throw new HttpError(410, 'PRODUCT_GONE', 'This laptop is no longer listed.');
  }
  if (laptop.sellerId === viewer.id) {
    throw new HttpError(409, 'OWN_LAPTOP', 'This is your own laptop.');
  }
  if (laptop.status === 'sold') {
    throw new HttpError(409, 'PRODUCT_SOLD', 'This laptop has been sold.');
  }
  await assertCanStart(db, viewer.id, laptop.sellerId);
  // Two taps at once make one conversation: the second finds the first's.
  const [created] = await db
    .insert(conversations)
    .values({ productId, buyerId: viewer.id, sellerId: laptop.sellerId })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  if (created) return { id: created.id, started: true };
  const [raced] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.productId, productId), eq(conversations.buyerId, viewer.id)));
  if (!raced) throw noConversation();
  return { id: raced.id, started: false };
}

const other = alias(users, 'other');

/** The columns a summary and a thread share: the laptop, the other person, the side. */
function conversationColumns(viewerId: string) {
  const isBuyer = sql<boolean>`${conversations.buyerId} = ${viewerId}`;
  return {
    id: conversations.id,
    isBuyer,
    buyerId: conversations.buyerId,
    sellerId: conversations.sellerId,
    productId: products.id,
    productName: products.name,
    productImage: products.image,
    resalePriceCents: products.resalePriceCents,
    status: products.status,
    otherName: other.name,
    otherImage: other.image,
  };
}

/** The other person: the seller for the buyer, the buyer for the seller. */
const otherPerson = (viewerId: string) =>
  eq(
    other.id,
    sql`case when ${conversations.buyerId} = ${viewerId} then ${conversations.sellerId} else ${conversations.buyerId} end`,
  );

/** When the viewer last read a conversation, on their side of it. */
const readAtOf = (viewerId: string) =>
  sql`case when ${conversations.buyerId} = ${viewerId} then ${conversations.buyerReadAt} else ${conversations.sellerReadAt} end`;

const isParticipant = (viewerId: string) =>
  or(eq(conversations.buyerId, viewerId), eq(conversations.sellerId, viewerId));

type ConversationRow = {
  id: string;
  isBuyer: boolean;
  buyerId: string;
  sellerId: string;
  productId: string;
  productName: string;
  productImage: string;
  resalePriceCents: number;
  status: 'available' | 'sold';
  otherName: string;
  otherImage: string | null;
};

const otherOf = (row: ConversationRow, viewerId: string) =>
  row.buyerId === viewerId ? row.sellerId : row.buyerId;

function conversationView(row: ConversationRow) {
  return {
    _id: row.id,
    role: row.isBuyer ? ('buyer' as const) : ('seller' as const),
    laptop: {
      _id: row.productId,
      name: row.productName,
      thumbnail: thumbnailUrl(row.productImage),
      resalePrice: row.resalePriceCents / 100,
      isSold: row.status === 'sold',
    },
    other: { name: row.otherName, image: row.otherImage },
  };
}

export type MessageRow = {
  id: string;
  body: string;
  image: string | null;
  senderId: string | null;
  createdAt: Date | string;
};

/** A stored message as the viewer sees it. */
export function toMessage(row: MessageRow, viewerId: string): Message {
  return {
    _id: row.id,
    body: row.body,
    image: row.image ? { url: row.image, thumbnail: thumbnailUrl(row.image) } : null,
    fromMe: row.senderId === viewerId,
    system: row.senderId === null,
    sentAt: new Date(row.createdAt).toISOString(),
  };
}

const messageColumns = {
  id: messages.id,
  body: messages.body,
  image: messages.image,
  senderId: messages.senderId,
  createdAt: messages.createdAt,
};

/**
 * The viewer's conversations, latest message first: a buyer's every one, a seller's
 * those the buyer has written in (opening a laptop's "Ask the seller" is not a message),
 * none with someone the viewer blocked.
 */
/**
 * The ids of the viewer's newest threads, read from each side's inbox index (a buyer's
 * every one, a seller's those with a message), leaving out threads with someone the
 * viewer blocked. Only these are then joined to their laptop and people, however many
 * threads the viewer has.
 */
function newestThreadIds(viewerId: string) {
  const newest = (side: SQL, onlyWritten: SQL | undefined) => sql`(
    select ${conversations.id} from ${conversations}
    where ${side} = ${viewerId} and ${notBlockedByViewer(viewerId)} ${onlyWritten ?? sql``}
    order by ${conversations.lastMessageAt} desc, ${conversations.id} desc
    limit ${INBOX_SIZE})`;
  const written = sql`and exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id})`;
  return sql`select id from (${newest(sql`${conversations.buyerId}`, undefined)}
    union all ${newest(sql`${conversations.sellerId}`, written)}) newest`;
}

export async function listConversations(db: Db, viewer: Viewer): Promise<ConversationSummary[]> {
  const readAt = readAtOf(viewer.id);
  const rows = await db
    .select({
      ...conversationColumns(viewer.id),
      lastMessage: sql<MessageRow | null>`(
        select json_build_object('id', m.id, 'body', m.body, 'image', m.image, 'senderId', m.sender_id, 'createdAt', m.created_at)
        from messages m where m.conversation_id = ${conversations.id}
        order by m.created_at desc, m.id desc limit 1)`,
      unread: sql<number>`(
        select count(*)::int from messages m
        where m.conversation_id = ${conversations.id}
          and m.sender_id is distinct from ${viewer.id}
          and m.created_at > coalesce(${readAt}, '-infinity'::timestamptz))`,
    })
    .from(conversations)
    .innerJoin(products, eq(products.id, conversations.productId))
    .innerJoin(other, otherPerson(viewer.id))
    .where(sql`${conversations.id} in (${newestThreadIds(viewer.id)})`)
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(INBOX_SIZE);
  return rows.map((row) => ({
    ...conversationView(row),
    lastMessage: row.lastMessage ? toMessage(row.lastMessage, viewer.id) : null,
    unread: row.unread,
  }));
}

/** Messages from others the viewer has not read, across all their conversations. */
/** The most unread messages counted; the badge shows more as "99+". */
export const UNREAD_COUNT_LIMIT = 100;

export async function unreadCount(db: Db, viewer: Viewer): Promise<number> {
  // Counted up to the badge's limit (it shows "99+"): a person with thousands of unread
  // messages costs a hundred rows, not thousands, on every page they open.
  const unread = db
    .select({ one: sql`1` })
    .from(conversations)
    .innerJoin(messages, eq(messages.conversationId, conversations.id))
    .where(
      and(
        isParticipant(viewer.id),
        notBlockedByViewer(viewer.id),
        // Only threads with something new are looked into.
        sql`${conversations.lastMessageAt} > coalesce(${readAtOf(viewer.id)}, '-infinity'::timestamptz)`,
        sql`${messages.senderId} is distinct from ${viewer.id}`,
        sql`${messages.createdAt} > coalesce(${readAtOf(viewer.id)}, '-infinity'::timestamptz)`,
      ),
    )
    .limit(UNREAD_COUNT_LIMIT)
    .as('unread');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(unread);
  return row?.count ?? 0;
}

async function findConversation(db: Db, viewer: Viewer, id: string) {
  const [row] = await db
    .select(conversationColumns(viewer.id))
    .from(conversations)
    .innerJoin(products, eq(products.id, conversations.productId))
    .innerJoin(other, otherPerson(viewer.id))
    .where(and(eq(conversations.id, id), isParticipant(viewer.id)));
  if (!row) throw noConversation();
  return row;
}

/** A page of a thread, newest first; `before` is the last message of the page before. */
export async function getThread(
  db: Db,
  viewer: Viewer,
  id: string,
  before?: string,
): Promise<Thread> {
  const conversation = await findConversation(db, viewer, id);
  let older: SQL | undefined;
  // `before` is a message's id (the route's contract checks it is a UUID).
  if (before !== undefined) {
    older = sql`(${messages.createdAt}, ${messages.id}) < (
      select m.created_at, m.id from messages m where m.id = ${before} and m.conversation_id = ${id})`;
  }
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.conversationId, id), older))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(THREAD_PAGE + 1);
  const page = rows.slice(0, THREAD_PAGE);
  return {
    ...conversationView(conversation),
    messaging: await messagingState(db, viewer.id, otherOf(conversation, viewer.id)),
    messages: page.map((row) => toMessage(row, viewer.id)),
    nextCursor: rows.length > THREAD_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}

/**
 * Sends a message (text, a photo the sender uploaded, or both); the sender has read
 * everything before it. Until the buyer has a standing booking of the laptop, phone
 * numbers and emails in it are hidden. Returns the message and the conversation's two
 * people, who are told live.
 */
export async function sendMessage(
  db: Db,
  viewer: Viewer,
  id: string,
  { body, image }: { body: string; image?: string },
): Promise<{ message: Message; people: string[] }> {
  const conversation = await findConversation(db, viewer, id);
  if (image !== undefined && !(await isOwnUploadedImage(db, image, viewer.id))) {
    throw new HttpError(400, 'IMAGE_NOT_OURS', 'Please upload the photo again.');
  }
  const [booking] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.productId, conversation.productId),
        eq(orders.buyerId, conversation.buyerId),
        isNull(orders.cancelledAt),
      ),
    )
    .limit(1);
  const text = booking ? body : hideContacts(body);
  return db.transaction(async (tx) => {
    await assertCanWrite(tx, viewer.id, otherOf(conversation, viewer.id), id);
    const [row] = await tx
      .insert(messages)
      .values({ conversationId: id, senderId: viewer.id, body: text, image: image ?? null })
      .returning(messageColumns);
    if (!row) throw noConversation();
    // now(): the transaction's time, the message's own created_at to the microsecond.
    await tx
      .update(conversations)
      .set({
        lastMessageAt: sql`now()`,
        ...(conversation.isBuyer ? { buyerReadAt: sql`now()` } : { sellerReadAt: sql`now()` }),
      })
      .where(eq(conversations.id, id));
    return {
      message: toMessage(row, viewer.id),
      people: [conversation.buyerId, conversation.sellerId],
    };
  });
}

/** The viewer has read the thread up to now. */
export async function markRead(db: Db, viewer: Viewer, id: string): Promise<void> {
  const conversation = await findConversation(db, viewer, id);
  await db
    .update(conversations)
    .set(conversation.isBuyer ? { buyerReadAt: sql`now()` } : { sellerReadAt: sql`now()` })
    .where(eq(conversations.id, id));
}
