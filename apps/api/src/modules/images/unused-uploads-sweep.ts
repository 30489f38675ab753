import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ImageStorage } from './image-storage.ts';
import { deleteUnusedUploads } from './images.service.ts';

/**
 * Every `everyMs`, deletes the uploads nothing has used for `keepMs` since they were
 * uploaded: pictures chosen for a listing that was never posted, replaced or deleted.
 * Without it every upload is kept for ever, and the per-user upload limit only slows
 * how fast storage fills.
 */
export const unusedUploadsSweep: FastifyPluginAsync<{
  db: Db;
  storage: ImageStorage;
  everyMs: number;
  keepMs: number;
}> = async (app, { db, storage, everyMs, keepMs }) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = async () => {
    try {
      const deleted = await deleteUnusedUploads({ db, storage }, new Date(Date.now() - keepMs));
      if (deleted > 0) app.log.info({ deleted }, 'deleted unused uploads');
    } catch (error) {
      // The next sweep tries again; a database or bucket outage must not stop the server.
      app.log.warn({ err: error }, 'could not delete unused uploads');
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      // A sweep slower than the interval is not joined by a second one.
      running ??= sweep().finally(() => {
        running = undefined;
      });
    }, everyMs);
    // A pending sweep never keeps the process alive.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
};
