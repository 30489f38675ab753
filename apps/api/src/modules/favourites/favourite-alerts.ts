/**
 * Emails about saved laptops (decision 0041): a price drop, and another buyer booking
 * one ("may be sold soon"), reach each person who saved the laptop once.
 *
 * Two jobs. A change to a laptop (a lower price, a booking) queues the laptop's job,
 * keyed by the laptop on a 'short' queue, so a burst of edits queues one. It finds the
 * savers with news not yet emailed and queues each one's job, keyed by the person and
 * due after FAVOURITE_EMAIL_DELAY_MINUTES: news arriving meanwhile (a second edit,
 * another laptop's drop) goes into the same email. A person's job decides from the
 * database, and claims what it sends in the transaction that decides: it writes the
 * price told into `told_price_cents` and the booking into `sold_soon_emailed_at`, so
 * two instances, or a job run again after a restart, send it once. At most
 * FAVOURITE_EMAILS_PER_DAY emails a person a day: more news waits for the next slot.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { favouriteAlertMails, favourites } from '../../db/schema/favourites.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { JobDefinition, JobSender } from '../jobs/job-queue.ts';
import { unsubscribeToken } from '../users/unsubscribe-token.ts';
import { savedLaptopsMail, type SavedLaptopNews } from './favourite-alert.mail.ts';

export const LAPTOP_NEWS_JOB = 'favourite-laptop-news';
export const SAVER_EMAIL_JOB = 'favourite-email';
/** The unsubscribe links' list (unsubscribe-token.ts). */
export const FAVOURITE_LIST = 'favourite-alerts';
export const favouriteUnsubscribePath = '/api/unsubscribe/favourites';

const DAY_MS = 24 * 60 * 60_000;

export type FavouriteAlertDeps = {
  db: Db;
  mailer: Mailer;
  sender: JobSender;
  publicUrl: string;
  /** The app's secret, which signs the unsubscribe link. */
  secret: string;
  /** How long a saver's news waits for more before it is emailed. */
  delayMs: number;
  /** Emails one person may get per 24 hours. */
  perDay: number;
};

const laptopData = z.object({ productId: z.uuid() });
const saverData = z.object({ userId: z.string().min(1) });

/**
 * Tells the queue a saved laptop changed (its price went down, or someone booked it).
 * False when it was not queued: one is already waiting for the laptop (it will see this
 * change too), or the queue is not running.
 */
export function queueLaptopNews(sender: JobSender | undefined, productId: string) {
  if (!sender) return Promise.resolve(false);
  return sender.send({
    name: LAPTOP_NEWS_JOB,
    data: { productId },
    startAfter: new Date(),
    singletonKey: productId,
  });
}

function queueSaverEmail(deps: FavouriteAlertDeps, userId: string, startAfter: Date) {
  return deps.sender.send({
    name: SAVER_EMAIL_JOB,
    data: { userId },
    startAfter,
    singletonKey: userId,
  });
}

/** A laptop's savers' news, the same test for the laptop's job and each saver's. */
const dropped = sql<boolean>`${products.resalePriceCents} < ${favourites.toldPriceCents}`;
const bookedByAnother = sql<boolean>`(${favourites.soldSoonEmailedAt} is null and exists (
  select 1 from orders where orders.product_id = ${products.id}
    and orders.buyer_id <> ${favourites.userId} and orders.cancelled_at is null))`;
/** Still for sale, and its seller's account open: news of anything else is no news. */
const forSale = and(
  eq(products.status, 'available'),
  sql`${products.deletedAt} is null`,
  sql`not exists (select 1 from users sellers where sellers.id = ${products.sellerId}
    and sellers.deleted_at is not null)`,
);

export function favouriteAlertJobs(deps: FavouriteAlertDeps): JobDefinition[] {
  return [
    {
      name: LAPTOP_NEWS_JOB,
      policy: 'short',
      async run(log, _jobId, data) {
        const parsed = laptopData.safeParse(data);
        if (!parsed.success) return log.warn({ data }, 'saved laptop news: a job with bad data');
        const savers = await deps.db
          .select({ userId: favourites.userId })
          .from(favourites)
          .innerJoin(products, eq(products.id, favourites.productId))
          .where(
            and(
              eq(favourites.productId, parsed.data.productId),
              forSale,
              sql`(${dropped} or ${bookedByAnother})`,
            ),
          );
        const due = new Date(Date.now() + deps.delayMs);
        for (const { userId } of savers) await queueSaverEmail(deps, userId, due);
        if (savers.length > 0) log.info({ savers: savers.length }, 'saved laptop news queued');
      },
    },
    {
      name: SAVER_EMAIL_JOB,
      policy: 'short',
      async run(log, _jobId, data) {
        const parsed = saverData.safeParse(data);
        if (!parsed.success) return log.warn({ data }, 'saved laptop email: a job with bad data');
        const sent = await emailSavedLaptopNews(deps, parsed.data.userId, log);
        if (sent) log.info({ laptops: sent }, 'saved laptop email sent');
      },
    },
  ];
}

type Claimed = {
  rows: { productId: string; toldBefore: number; toldNow: number; soldSoon: boolean }[];
  mailId: string;
  claimedAt: string;
  mail: Parameters<typeof savedLaptopsMail>[0];
};

/**
 * Emails the saver the news of their saved laptops not emailed yet, in one email, and
 * answers how many laptops it told of (0: nothing to tell, emails off, or the day's
 * emails used up, in which case it is queued again for when one frees up). A mail server
 * that fails gives the claim back and throws, so the job is retried.
 */
export async function emailSavedLaptopNews(
  deps: FavouriteAlertDeps,
  userId: string,
  log: FastifyBaseLogger,
): Promise<number> {
  const claim = await deps.db.transaction((tx) => claimNews(tx, deps, userId));
  if (claim === null) return 0;
  if ('retryAt' in claim) {
    await queueSaverEmail(deps, userId, claim.retryAt);
    log.info({ retryAt: claim.retryAt }, 'saved laptop email waits: the day’s emails are used up');
    return 0;
  }
  try {
    await deps.mailer.send(savedLaptopsMail(claim.mail));
    return claim.rows.length;
  } catch (error) {
    await deps.db.transaction(async (tx) => {
      for (const row of claim.rows) {
        await tx
          .update(favourites)
          .set({
            toldPriceCents: sql`case when ${favourites.toldPriceCents} = ${row.toldNow} then ${row.toldBefore} else ${favourites.toldPriceCents} end`,
            soldSoonEmailedAt: sql`case when ${favourites.soldSoonEmailedAt}::text = ${claim.claimedAt} then null else ${favourites.soldSoonEmailedAt} end`,
          })
          .where(and(eq(favourites.userId, userId), eq(favourites.productId, row.productId)));
      }
      await tx.delete(favouriteAlertMails).where(eq(favouriteAlertMails.id, claim.mailId));
    });
    log.warn({ err: error }, 'saved laptop email not sent; it will be tried again');
    throw error;
  }
}

async function claimNews(
  tx: Db,
  deps: FavouriteAlertDeps,
  userId: string,
): Promise<Claimed | { retryAt: Date } | null> {
  // The saver's row first: their jobs take turns, and the day's count holds.
  const [recipient] = await tx
    .select({
      email: users.email,
      name: users.name,
      favouriteEmails: users.favouriteEmails,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!recipient || !recipient.favouriteEmails || recipient.deletedAt) return null;

  const news = await tx
    .select({
      productId: products.id,
      name: products.name,
      priceCents: products.resalePriceCents,
      toldPriceCents: favourites.toldPriceCents,
      dropped,
      soldSoon: bookedByAnother,
    })
    .from(favourites)
    .innerJoin(products, eq(products.id, favourites.productId))
    .where(and(eq(favourites.userId, userId), forSale, sql`(${dropped} or ${bookedByAnother})`))
    .orderBy(products.name)
    .for('update', { of: favourites });
  if (news.length === 0) return null;

  const since = new Date(Date.now() - DAY_MS);
  const [today] = await tx
    .select({ n: count(), oldest: sql<string | null>`min(${favouriteAlertMails.sentAt})::text` })
    .from(favouriteAlertMails)
    .where(and(eq(favouriteAlertMails.userId, userId), gt(favouriteAlertMails.sentAt, since)));
  if ((today?.n ?? 0) >= deps.perDay && today?.oldest) {
    return { retryAt: new Date(new Date(today.oldest).getTime() + DAY_MS + 1_000) };
  }

  const [mail] = await tx
    .insert(favouriteAlertMails)
    .values({ userId })
    .returning({
      id: favouriteAlertMails.id,
      at: sql<string>`${favouriteAlertMails.sentAt}::text`,
    });
  if (!mail) return null;
  for (const row of news) {
    await tx
      .update(favourites)
      .set({
        ...(row.dropped ? { toldPriceCents: row.priceCents } : {}),
        ...(row.soldSoon ? { soldSoonEmailedAt: sql`now()` } : {}),
      })
      .where(and(eq(favourites.userId, userId), eq(favourites.productId, row.productId)));
  }

  const token = unsubscribeToken(deps.secret, userId, FAVOURITE_LIST);
  return {
    mailId: mail.id,
    claimedAt: mail.at,
    rows: news.map((row) => ({
      productId: row.productId,
      toldBefore: row.toldPriceCents,
      toldNow: row.dropped ? row.priceCents : row.toldPriceCents,
      soldSoon: row.soldSoon,
    })),
    mail: {
      to: recipient.email,
      recipientName: recipient.name,
      news: news.map((row): SavedLaptopNews => ({
        name: row.name,
        url: `${deps.publicUrl}/laptops/${row.productId}`,
        ...(row.dropped
          ? { drop: { nowCents: row.priceCents, wasCents: row.toldPriceCents } }
          : {}),
        soldSoon: row.soldSoon,
      })),
      savedUrl: `${deps.publicUrl}/dashboard/saved`,
      profileUrl: `${deps.publicUrl}/dashboard/profile`,
      unsubscribeUrl: `${deps.publicUrl}${favouriteUnsubscribePath}?token=${token}`,
    },
  };
}
