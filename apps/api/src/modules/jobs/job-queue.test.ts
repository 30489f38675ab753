import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { cronEvery } from './cron-every.ts';
import {
  createJobSender,
  createPgBoss,
  jobQueuePlugin,
  type JobDefinition,
  type RetryPolicy,
} from './job-queue.ts';

// The queue on the test database: embedded PGlite, or with TEST_DATABASE_URL a
// PostgreSQL server, where each instance has its own pool as separate servers would.
let t: TestContext;
const running: { close(): Promise<unknown> }[] = [];
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  for (const app of running) await app.close();
  await t?.close();
});

/** One instance of the server's job queue, running `jobs`. */
async function instance(jobs: JobDefinition[], retry?: RetryPolicy) {
  const app = Fastify();
  await app.register(jobQueuePlugin, {
    connection: t.database.connection,
    jobs,
    retry,
    pollingSeconds: 0.5,
    stopTimeoutMs: 5_000,
  });
  await app.ready();
  running.push(app);
  return app;
}

/** An instance starts its queue after it is ready: seconds on a busy machine. */
const patiently = { timeout: 30_000 };

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const schedules = () =>
  rows<{ name: string; cron: string }>(sql`select name, cron from pgboss.schedule order by name`);

it('runs a start-up job as an instance starts and keeps its schedule in the database', async () => {
  const runs: string[] = [];
  const job = {
    name: 'start-and-schedule',
    cron: '*/10 * * * *',
    atStart: true,
    run: async (_log: unknown, id: string) => void runs.push(id),
  };
  const first = await instance([job]);
  await expect.poll(() => runs.length, patiently).toBe(1);
  expect(await schedules()).toContainEqual({ name: job.name, cron: '*/10 * * * *' });
  await first.close();

  // Started again: a start-up job of its own; a schedule no longer asked for is removed.
  await instance([{ ...job, cron: undefined }]);
  await expect.poll(() => runs.length, patiently).toBe(2);
  expect(new Set(runs).size).toBe(2);
  expect((await schedules()).map((row) => row.name)).not.toContain(job.name);
});

it('keeps a queued job across a restart: the next instance runs it', async () => {
  // An instance queues a job and stops (or dies) before any worker takes it.
  const boss = createPgBoss(t.database.connection);
  await boss.start();
  await boss.createQueue('outlives-its-instance');
  const queued = await boss.send('outlives-its-instance', {});
  await boss.stop({ graceful: false });

  const runs: string[] = [];
  await instance([{ name: 'outlives-its-instance', run: async (_log, id) => void runs.push(id) }]);
  await expect.poll(() => runs, patiently).toEqual([queued]);
});

it('retries a failing job with growing delays until it succeeds', async () => {
  const attempts: number[] = [];
  await instance(
    [
      {
        name: 'fails-twice',
        atStart: true,
        run: async () => {
          attempts.push(Date.now());
          if (attempts.length <= 2) throw new Error('the provider is down');
        },
      },
    ],
    { limit: 3, delaySeconds: 1, maxDelaySeconds: 60 },
  );
  await expect.poll(() => attempts.length, patiently).toBe(3);
  const [first = 0, second = 0, third = 0] = attempts;
  // Backoff: about 1-2 s before the first retry, 2-4 s before the second.
  expect(second - first).toBeGreaterThanOrEqual(950);
  expect(third - second).toBeGreaterThanOrEqual(1_950);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(attempts).toHaveLength(3);
});

it('runs each job once when several instances work the same queue', async () => {
  const runs: { id: string; by: string }[] = [];
  const job = (by: string): JobDefinition => ({
    name: 'shared-work',
    run: async (_log, id) => {
      runs.push({ id, by });
      await new Promise((resolve) => setTimeout(resolve, 20));
    },
  });
  await Promise.all([instance([job('a')]), instance([job('b')]), instance([job('c')])]);
  const boss = createPgBoss(t.database.connection);
  await boss.start();
  // The instances may not have made the queue yet: they start theirs after ready.
  await boss.createQueue('shared-work');
  const sent: (string | null)[] = [];
  for (let i = 0; i < 30; i += 1) sent.push(await boss.send('shared-work', { i }));
  await boss.stop({ graceful: false });

  await expect.poll(() => runs.length, patiently).toBe(30);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(runs).toHaveLength(30);
  expect(new Set(runs.map((run) => run.id))).toEqual(new Set(sent));
});

it('lets a running job finish when the instance closes', async () => {
  let started = false;
  let finished = false;
  const app = await instance([
    {
      name: 'slow-work',
      atStart: true,
      run: async () => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        finished = true;
      },
    },
  ]);
  await expect.poll(() => started, patiently).toBe(true);
  await app.close();
  expect(finished).toBe(true);
});

it("queues jobs from requests once running: one waiting per key on a 'short' queue, with its data", async () => {
  const sender = createJobSender();
  const due = () => new Date(Date.now() + 1_000);
  const job = (key: string, n: number) => ({
    name: 'one-per-key',
    data: { key, n },
    startAfter: due(),
    singletonKey: key,
  });
  // Not running yet: nothing is queued, and the caller is told.
  expect(await sender.send(job('a', 0))).toBe(false);

  const runs: unknown[] = [];
  const app = Fastify();
  await app.register(jobQueuePlugin, {
    connection: t.database.connection,
    jobs: [
      {
        name: 'one-per-key',
        policy: 'short',
        run: async (_log, _id, data) => void runs.push(data),
      },
    ],
    pollingSeconds: 0.5,
    stopTimeoutMs: 5_000,
    sender,
  });
  await app.ready();
  running.push(app);
  await expect.poll(() => sender.send(job('a', 1)), patiently).toBe(true);
  expect(await sender.send(job('a', 2))).toBe(false);
  expect(await sender.send(job('b', 3))).toBe(true);

  await expect.poll(() => runs.length, patiently).toBe(2);
  expect(runs).toEqual(
    expect.arrayContaining([
      { key: 'a', n: 1 },
      { key: 'b', n: 3 },
    ]),
  );
  // Once the waiting job has run, the key takes a new one.
  expect(await sender.send(job('a', 4))).toBe(true);
  await expect.poll(() => runs.length, patiently).toBe(3);
});

it('turns a period in minutes into a cron expression, or refuses one cron cannot space evenly', () => {
  expect(cronEvery(10)).toBe('*/10 * * * *');
  expect(cronEvery(1)).toBe('*/1 * * * *');
  expect(cronEvery(60)).toBe('0 * * * *');
  expect(cronEvery(360)).toBe('0 */6 * * *');
  expect(cronEvery(1440)).toBe('0 0 * * *');
  for (const uneven of [7, 45, 90, 300, 2880, 0, 2.5]) expect(cronEvery(uneven)).toBeUndefined();
});
