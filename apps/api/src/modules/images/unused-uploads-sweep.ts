import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../jobs/job-queue.ts';
import type { ImageStorage } from './image-storage.ts';
import { deleteUnusedUploads } from './images.service.ts';

/** What a sweep of stored files needs: what to keep for how long, and when to look. */
export type StorageSweepDeps = { db: Db; storage: ImageStorage; keepMs: number; cron: string };

/**
 * Deletes the uploads nothing has used for `keepMs` since they were uploaded: pictures
 * chosen for a listing that was never posted, replaced or deleted. Without it every
 * upload is kept for ever, and the per-user upload limit only slows how fast storage
 * fills. A queued job: at each start and on `cron`, run by one instance; a database
 * or bucket outage fails it, and it is retried with backoff.
 */
export function unusedUploadsSweepJob(deps: StorageSweepDeps): JobDefinition {
  return {
    name: 'delete-unused-uploads',
    cron: deps.cron,
    atStart: true,
    async run(log) {
      const deleted = await deleteUnusedUploads(deps, new Date(Date.now() - deps.keepMs));
      if (deleted > 0) log.info({ deleted }, 'deleted unused uploads');
    },
  };
}
