/**
 * The seller rating sort's key on each listing (`products.seller_rating_key`, decision
 * 0046), kept by the database: triggers (migration 0032) refresh a seller's listings
 * whenever one of their buyers' reviews is written, published, hidden or changed, and
 * give a new listing its seller's key. One change needs no write: a lone review opens
 * when its window closes (`published_at` passes). This module refreshes those sellers
 * then: a job queued for the moment the review opens, and an hourly sweep of reviews
 * opened lately in case a job was never queued (the queue not running yet).
 *
 * Every refresh recomputes the key from the reviews (`refresh_seller_rating_keys()`),
 * never adds to it, so running one twice, late or at once on two instances is harmless:
 * a lost job delays the sort's order by up to an hour, and corrupts nothing.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { cronEvery } from '../jobs/cron-every.ts';
import type { JobDefinition, JobSender } from '../jobs/job-queue.ts';

export const SELLER_RATING_KEY_JOB = 'seller-rating-key';
export const SELLER_RATING_SWEEP_JOB = 'seller-rating-sweep';

/**
 * How far back the sweep looks for reviews that opened: jobs wait in the database
 * across restarts, so the sweep only stands in for one never queued, which it finds
 * within the hour; three days also covers a server that was down over a weekend.
 */
const SWEEP_LOOKBACK = '3 days';

const keyJobData = z.object({ sellerId: z.string().min(1) });

/**
 * Recomputes the sellers' keys from their reviews and writes them on their listings
 * that differ; answers how many listings changed.
 */
export async function refreshSellerRatingKeys(db: Db, sellerIds: readonly string[]) {
  if (sellerIds.length === 0) return 0;
  const result = await db.execute(
    sql`select refresh_seller_rating_keys(${sql.param([...sellerIds])}::text[]) as changed`,
  );
  return (result as unknown as { rows: { changed: number }[] }).rows[0]?.changed ?? 0;
}

/**
 * The sellers whose buyers' reviews opened in the last SWEEP_LOOKBACK, refreshed
 * (through `reviews_seller_published_idx`). Answers the sellers and listings changed.
 */
export async function sweepOpenedReviews(db: Db) {
  const result = await db.execute(sql`
    with opened as (
      select distinct subject_id from reviews
      where author_role = 'buyer' and hidden_at is null
        and published_at > now() - ${SWEEP_LOOKBACK}::interval and published_at <= now())
    select (select count(*) from opened)::int as sellers,
      refresh_seller_rating_keys(array(select subject_id from opened)) as listings`);
  const [row] = (result as unknown as { rows: { sellers: number; listings: number }[] }).rows;
  return { sellers: row?.sellers ?? 0, listings: row?.listings ?? 0 };
}

/**
 * Queues the refresh of `sellerId`'s key for when a sealed review of them opens by
 * time. Call it after committing the review. False when the queue is not running (the
 * sweep then refreshes it) or the same refresh is already waiting.
 */
export function queueRatingKeyRefresh(
  sender: JobSender | undefined,
  sellerId: string,
  opensAt: Date,
): Promise<boolean> {
  if (!sender) return Promise.resolve(false);
  return sender.send({
    name: SELLER_RATING_KEY_JOB,
    data: { sellerId },
    startAfter: opensAt,
    singletonKey: `${sellerId}@${opensAt.toISOString()}`,
  });
}

export function sellerRatingKeyJobs(db: Db): JobDefinition[] {
  return [
    {
      name: SELLER_RATING_KEY_JOB,
      // One waiting per seller and moment: two sealed reviews opening together, one run.
      policy: 'short',
      async run(log, _jobId, data) {
        const parsed = keyJobData.safeParse(data);
        if (!parsed.success) return log.warn({ data }, 'seller rating key: a job with bad data');
        const listings = await refreshSellerRatingKeys(db, [parsed.data.sellerId]);
        if (listings > 0) log.info({ listings }, 'seller rating key refreshed');
      },
    },
    {
      name: SELLER_RATING_SWEEP_JOB,
      cron: cronEvery(60),
      atStart: true,
      async run(log) {
        const swept = await sweepOpenedReviews(db);
        if (swept.listings > 0) log.info(swept, 'seller rating keys swept');
      },
    },
  ];
}
