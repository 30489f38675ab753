/**
 * Email when away: a message left unread for MESSAGE_EMAIL_DELAY_MINUTES is emailed to
 * its recipient, one email per conversation until they read it (an "unread spell"),
 * however many messages arrive meanwhile. See docs/decisions/0034.
 *
 * Each message queues a delayed job keyed by (conversation, recipient) on a 'short'
 * queue, which keeps one job waiting per key: a burst queues one. The job decides when
 * it runs, from the database: does the recipient still have unread messages from the
 * other person, and were they not emailed since they last read? It claims the email by
 * writing `*_emailed_at` in the transaction that checks, so two instances, or a job run
 * again after a restart, send it once.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/conversations.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { JobDefinition, JobSender } from '../jobs/job-queue.ts';
import { unsubscribeToken } from '../users/unsubscribe-token.ts';
import { unsubscribePath } from '../users/unsubscribe.routes.ts';
import { awayEmail } from './away-email.mail.ts';

export const AWAY_EMAIL_JOB = 'message-email';

/** The unread messages an email quotes, the newest ones. */
const QUOTED = 5;

const jobData = z.object({ conversationId: z.uuid(), recipientId: z.string().min(1) });
type AwayEmailJob = z.infer<typeof jobData>;

export type AwayEmailDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** The app's secret, which signs the unsubscribe link. */
  secret: string;
};

/**
 * Queues the check for `recipientId`, due after `delayMs`. Answers false when it was not
 * queued: one is already waiting for this thread and person (it will see this message
 * too), or the queue is not running.
 */
export function queueAwayEmail(
  sender: JobSender,
  delayMs: number,
  job: AwayEmailJob,
): Promise<boolean> {
  return sender.send({
    name: AWAY_EMAIL_JOB,
    data: job,
    startAfter: new Date(Date.now() + delayMs),
    singletonKey: `${job.conversationId}:${job.recipientId}`,
  });
}

/** The queued check as a job: 'short', so one waits per (conversation, recipient). */
export function awayEmailJob(deps: AwayEmailDeps): JobDefinition {
  return {
    name: AWAY_EMAIL_JOB,
    policy: 'short',
    async run(log, _jobId, data) {
      const parsed = jobData.safeParse(data);
      // Not ours to retry: a job queued by hand, or by an older shape of this code.
      if (!parsed.success) return log.warn({ data }, 'message email: a job with bad data');
      const sent = await emailIfStillUnread(deps, parsed.data, log);
      if (sent) log.info({ conversationId: parsed.data.conversationId }, 'message email sent');
    },
  };
}

type Claim = {
  side: 'buyer' | 'seller';
  /** What `*_emailed_at` was before this claim, put back if the email fails (as text: exact). */
  previous: string | null;
  claimedAt: string;
  mail: Parameters<typeof awayEmail>[0];
};

const sideColumns = {
  buyer: { readAt: conversations.buyerReadAt, emailedAt: conversations.buyerEmailedAt },
  seller: { readAt: conversations.sellerReadAt, emailedAt: conversations.sellerEmailedAt },
} as const;

/**
 * Emails the recipient if they still have unread messages from the other person in the
 * thread and were not emailed for them yet. Answers whether an email went out. A mail
 * server that fails gives the claim back and throws, so the job is retried.
 */
export async function emailIfStillUnread(
  deps: AwayEmailDeps,
  job: AwayEmailJob,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const claim = await deps.db.transaction((tx) => claimEmail(tx, deps, job));
  if (!claim) return false;
  try {
    await deps.mailer.send(awayEmail(claim.mail));
    return true;
  } catch (error) {
    const { emailedAt } = sideColumns[claim.side];
    await deps.db
      .update(conversations)
      .set({
        [claim.side === 'buyer' ? 'buyerEmailedAt' : 'sellerEmailedAt']:
          claim.previous === null ? null : sql`${claim.previous}::timestamptz`,
      })
      .where(
        and(
          eq(conversations.id, job.conversationId),
          sql`${emailedAt} = ${claim.claimedAt}::timestamptz`,
        ),
      );
    log.warn({ err: error }, 'message email not sent; it will be tried again');
    throw error;
  }
}

/** Times compared in the database, to the microsecond (a JavaScript Date keeps milliseconds). */
const emailedThisSpell = (side: 'buyer' | 'seller') => {
  const { readAt, emailedAt } = sideColumns[side];
  return sql<boolean>`(${emailedAt} is not null and ${emailedAt} >= coalesce(${readAt}, '-infinity'::timestamptz))`;
};

async function claimEmail(tx: Db, deps: AwayEmailDeps, job: AwayEmailJob): Promise<Claim | null> {
  // Only this row is locked, and not against new messages (their key share passes):
  // this waits on nothing that waits on it.
  const [row] = await tx
    .select({
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
      buyerEmailed: emailedThisSpell('buyer'),
      sellerEmailed: emailedThisSpell('seller'),
      buyerEmailedAt: sql<string | null>`${conversations.buyerEmailedAt}::text`,
      sellerEmailedAt: sql<string | null>`${conversations.sellerEmailedAt}::text`,
      laptopName: products.name,
    })
    .from(conversations)
    .innerJoin(products, eq(products.id, conversations.productId))
    .where(eq(conversations.id, job.conversationId))
    .for('no key update', { of: conversations });
  if (!row) return null;
  const side =
    row.buyerId === job.recipientId ? 'buyer' : row.sellerId === job.recipientId ? 'seller' : null;
  if (!side) return null;
  const isBuyer = side === 'buyer';
  // Emailed since they last read: this spell has had its email.
  if (isBuyer ? row.buyerEmailed : row.sellerEmailed) return null;
  const senderId = isBuyer ? row.sellerId : row.buyerId;

  const [recipient] = await tx
    .select({
      email: users.email,
      name: users.name,
      messageEmails: users.messageEmails,
      deletedAt: users.deletedAt,
      // A block either way closes the thread, and a sender an admin stopped is not
      // carried into anyone's mailbox.
      closed: sql<boolean>`exists (select 1 from user_blocks
        where (blocker_id = ${job.recipientId} and blocked_id = ${senderId})
           or (blocker_id = ${senderId} and blocked_id = ${job.recipientId}))
        or exists (select 1 from messaging_bans where user_id = ${senderId})`,
    })
    .from(users)
    .where(eq(users.id, job.recipientId));
  if (!recipient || !recipient.messageEmails || recipient.deletedAt || recipient.closed) {
    return null;
  }
  const { readAt, emailedAt } = sideColumns[side];
  const unreadFromSender = and(
    eq(messages.conversationId, job.conversationId),
    eq(messages.senderId, senderId),
    sql`${messages.createdAt} > coalesce(${readAt}, '-infinity'::timestamptz)`,
  );
  const newest = await tx
    .select({
      body: messages.body,
      image: messages.image,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(unreadFromSender)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(QUOTED);
  if (newest.length === 0) return null;
  const [sender] = await tx.select({ name: users.name }).from(users).where(eq(users.id, senderId));

  const [claimed] = await tx
    .update(conversations)
    .set(isBuyer ? { buyerEmailedAt: sql`now()` } : { sellerEmailedAt: sql`now()` })
    .where(eq(conversations.id, job.conversationId))
    .returning({ at: sql<string>`${emailedAt}::text` });
  if (!claimed) return null;
  return {
    side,
    previous: isBuyer ? row.buyerEmailedAt : row.sellerEmailedAt,
    claimedAt: claimed.at,
    mail: {
      to: recipient.email,
      recipientName: recipient.name,
      senderName: sender?.name ?? 'Someone',
      laptopName: row.laptopName,
      // A photo is not sent: the thread shows it.
      messages: newest
        .map(({ body, image }) => (image ? [body, '(a photo)'].filter(Boolean).join('\n') : body))
        .reverse(),
      unread: newest[0]?.total ?? newest.length,
      threadUrl: `${deps.publicUrl}/dashboard/messages/${job.conversationId}`,
      profileUrl: `${deps.publicUrl}/dashboard/profile`,
      unsubscribeUrl: `${deps.publicUrl}${unsubscribePath}?token=${unsubscribeToken(deps.secret, job.recipientId)}`,
    },
  };
}
