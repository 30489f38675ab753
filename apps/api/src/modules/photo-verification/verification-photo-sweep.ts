/**
 * Verification photos are kept only while they are needed (decision 0051). A photo of
 * a laptop, often taken at home, is private: once it no longer vouches for a listing
 * for sale (rejected, lapsed, or its listing withdrawn) it is kept `keepMs` more, for
 * an admin looking back at a decision, then deleted. The request's row stays, with its
 * code, status and dates; only the photo goes.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ImageStorage } from '../images/image-storage.ts';
import type { StorageSweepDeps } from '../images/unused-uploads-sweep.ts';
import type { JobDefinition } from '../jobs/job-queue.ts';

/** Photos deleted per statement: a sweep after a long outage goes in steps. */
const BATCH = 200;

/**
 * Deletes the photos whose keeping time ended before `expiredBefore`. Each batch is
 * claimed in one statement (rows another sweep holds are skipped), so instances
 * sweeping at once never delete the same photo twice. Returns how many went.
 */
export async function deleteExpiredVerificationPhotos(
  deps: { db: Db; storage: ImageStorage },
  expiredBefore: Date,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await deps.db.execute(sql`
      with expired as (
        select pv.id, pv.photo_key
        from photo_verifications pv
        join products p on p.id = pv.product_id
        where pv.photo_key is not null
          and ((pv.status = 'rejected' and pv.decided_at < ${expiredBefore})
            or (pv.status = 'lapsed' and pv.lapsed_at < ${expiredBefore})
            or p.deleted_at < ${expiredBefore})
        order by pv.id
        limit ${BATCH}
        for update of pv skip locked
      )
      update photo_verifications pv
      set photo_key = null, photo_deleted_at = now()
      from expired
      where pv.id = expired.id
      returning pv.id, expired.photo_key as key`);
    const rows = (result as unknown as { rows: { id: string; key: string }[] }).rows;
    // A photo whose file cannot be deleted now (the bucket is down) gets its key back,
    // so the next sweep tries again; the others are still deleted.
    const failed: typeof rows = [];
    for (const row of rows) {
      try {
        await deps.storage.delete(row.key);
      } catch {
        failed.push(row);
      }
    }
    for (const row of failed) {
      await deps.db.execute(sql`
        update photo_verifications set photo_key = ${row.key}, photo_deleted_at = null
        where id = ${row.id}`);
    }
    if (failed.length > 0) {
      throw new Error(
        `Could not delete verification photos: ${failed.map((r) => r.key).join(', ')}`,
      );
    }
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}

/** The queued job: at each start and on `cron`, run by one instance, retried on failure. */
export function verificationPhotoSweepJob(deps: StorageSweepDeps): JobDefinition {
  return {
    name: 'delete-expired-verification-photos',
    cron: deps.cron,
    atStart: true,
    async run(log) {
      const deleted = await deleteExpiredVerificationPhotos(
        deps,
        new Date(Date.now() - deps.keepMs),
      );
      if (deleted > 0) log.info({ deleted }, 'deleted expired verification photos');
    },
  };
}
