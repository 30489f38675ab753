import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../../db/client.ts';

/**
 * One kind of background work. Each job queued is run once, by whichever instance
 * claims it first (pg-boss: SKIP LOCKED on its table in our database); one that throws
 * is retried with exponential backoff, and jobs wait in the database across restarts.
 */
export type JobDefinition = {
  /** The queue's name: letters, digits, dashes. */
  name: string;
  /**
   * The work, with the data it was queued with (`{}` for scheduled runs). A throw (or a
   * run longer than `expireInSeconds`) retries the job.
   */
  run(log: FastifyBaseLogger, jobId: string, data: unknown): Promise<void>;
  /** When it recurs: a cron expression, in UTC. Without one, any earlier schedule is removed. */
  cron?: string;
  /** Queued once each time an instance starts, on top of any schedule. */
  atStart?: boolean;
  /** How long one run may take before it counts as failed (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * pg-boss's queue policy, set when the queue is first made. 'short': one job waiting
   * per singleton key, so a burst of sends with the same key queues one job.
   */
  policy?: 'standard' | 'short';
};

/** A job queued by a request, to run at `startAfter` on whichever instance claims it. */
export type QueuedJob = { name: string; data: object; startAfter: Date; singletonKey: string };

/**
 * Queues jobs from requests once the queue is running (`jobQueuePlugin` attaches it).
 * `send` answers whether the job was queued: false when the queue is not running (yet),
 * or when one with the same key is already waiting.
 */
export type JobSender = {
  send(job: QueuedJob): Promise<boolean>;
  attach(boss: PgBoss | undefined): void;
};

export function createJobSender(): JobSender {
  let running: PgBoss | undefined;
  return {
    attach(boss) {
      running = boss;
    },
    async send(job) {
      if (!running) return false;
      const id = await running.send(job.name, job.data, {
        startAfter: job.startAfter,
        singletonKey: job.singletonKey,
      });
      return id !== null;
    },
  };
}

export type RetryPolicy = {
  /** Retries after the first failure, before the job is left failed. */
  limit: number;
  /** The first retry's delay; each next one about doubles, up to `maxDelaySeconds`. */
  delaySeconds: number;
  maxDelaySeconds: number;
};

export const defaultRetry: RetryPolicy = { limit: 8, delaySeconds: 30, maxDelaySeconds: 3600 };

export type JobQueueOptions = {
  connection: Database['connection'];
  jobs: JobDefinition[];
  retry?: RetryPolicy;
  /** How often an idle worker looks for due jobs (pg-boss polls; default 2 s). */
  pollingSeconds?: number;
  /** How long closing waits for a job that is running before it stops anyway. */
  stopTimeoutMs: number;
  /** Given the queue once every job's queue is made, so requests can queue jobs. */
  sender?: JobSender;
};

/** pg-boss on the app's database: the embedded PGlite's one connection, or a small pool. */
export function createPgBoss(connection: Database['connection']): PgBoss {
  return connection.kind === 'pglite'
    ? new PgBoss({ db: fromPglite(connection.pglite), backend: 'pglite' })
    : // Two connections: polls and the cron pass are a few short statements a minute.
      new PgBoss({ connectionString: connection.url, max: 2, connectionTimeoutMillis: 5_000 });
}

/**
 * Runs `jobs` on pg-boss from when the app is ready until it closes: queues are made
 * (or their retry settings updated), workers started, schedules set and start-up
 * jobs queued. Closing lets a running job finish, up to `stopTimeoutMs`.
 */
export const jobQueuePlugin: FastifyPluginAsync<JobQueueOptions> = async (app, options) => {
  const retry = options.retry ?? defaultRetry;
  const boss = createPgBoss(options.connection);
  // pg-boss reports its own failures (a poll that could not reach the database) here and
  // tries again; unhandled, the event would crash the process.
  boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));

  let started = false;
  const ready = new Set<string>();
  const start = async () => {
    const startedAt = performance.now();
    await boss.start();
    started = true;
    for (const job of options.jobs) {
      if (ready.has(job.name)) continue;
      await setUp(boss, job, retry, options.pollingSeconds ?? 2, app.log.child({ job: job.name }));
      ready.add(job.name);
    }
    options.sender?.attach(boss);
    const ms = Math.round(performance.now() - startedAt);
    app.log.info({ jobs: [...ready], ms }, 'job queue started');
  };
  // The server serves without waiting: a first start makes pg-boss's tables (seconds on a
  // busy machine), and a database that is briefly away is tried again a minute later.
  let starting: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let closing = false;
  const tryStart = () => {
    starting = start().catch((error: unknown) => {
      app.log.error({ err: error }, 'job queue did not start; trying again in a minute');
      if (closing) return;
      retryTimer = setTimeout(tryStart, 60_000);
      retryTimer.unref();
    });
  };
  app.addHook('onReady', async () => tryStart());
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(retryTimer);
    options.sender?.attach(undefined);
    await starting;
    if (started) await boss.stop({ graceful: true, timeout: options.stopTimeoutMs });
  });
};

/** Makes the job's queue, starts its worker, sets its schedule, queues its start-up run. */
async function setUp(
  boss: PgBoss,
  job: JobDefinition,
  retry: RetryPolicy,
  pollingSeconds: number,
  log: FastifyBaseLogger,
) {
  const settings = {
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: true,
    retryDelayMax: retry.maxDelaySeconds,
    expireInSeconds: job.expireInSeconds ?? 900,
    // A killed instance's job is retried within a minute instead of at its expiry.
    heartbeatSeconds: 30,
  };
  await boss.createQueue(job.name, { ...settings, policy: job.policy ?? 'standard' });
  // createQueue keeps an existing queue as it was; the settings may have changed.
  await boss.updateQueue(job.name, settings);
  await boss.work(job.name, { pollingIntervalSeconds: pollingSeconds }, async ([claimed]) => {
    if (!claimed) return;
    try {
      await job.run(log.child({ jobId: claimed.id }), claimed.id, claimed.data);
    } catch (error) {
      log.warn({ err: error, jobId: claimed.id, retry: claimed.retryCount }, 'job failed');
      throw error;
    }
  });
  if (job.cron) await boss.schedule(job.name, job.cron);
  else await boss.unschedule(job.name);
  if (job.atStart) await boss.send(job.name, {});
}
