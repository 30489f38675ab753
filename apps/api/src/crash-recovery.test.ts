import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/client.ts';
import {
  bookAndPayOverHttp,
  httpCall,
  productPayload,
  signUpOverHttp,
  uploadImageOverHttp,
  type HttpSession,
} from './test/http-client.ts';
import { startServerProcess } from './test/server-process.ts';
import { hasPostgresServer, testPostgresUrl } from './test/services.ts';

/** Rows of a raw query; both drivers answer `{ rows }`, which Drizzle's shared type hides. */
async function rowsOf<T>(db: Database['db'], query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const serverUrl = testPostgresUrl;

type Engine = {
  env: Record<string, string>;
  /** Opens the database directly, once no server holds it. */
  open(): Promise<Database>;
  cleanup(): Promise<void>;
};

async function embeddedEngine(): Promise<Engine> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-crash-'));
  return {
    env: { DATA_DIR: dataDir, SEED_DEMO: 'true' },
    open: () => openDatabase({ dataDir, purpose: 'crash test' }),
    cleanup: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}

async function postgresEngine(): Promise<Engine> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-crash-'));
  const name = `laptops_crash_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), SEED_DEMO: 'true' },
    open: () => openDatabase({ databaseUrl: url.toString() }),
    async cleanup() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Bookings, payments and product posts at once, until `stop()`; records every
 * write the server acknowledged. Requests cut off by the crash just end a worker.
 */
function startWriteLoad(
  baseUrl: string,
  seller: HttpSession,
  buyers: HttpSession[],
  categoryId: string,
  image: string,
) {
  const acked = {
    products: [] as string[],
    orders: [] as string[],
    paid: [] as { orderId: string; productId: string }[],
  };
  let running = true;
  const sellerWorker = async () => {
    while (running) {
      const answer = await seller.call<{ insertedId: string }>(
        'POST',
        '/api/products',
        productPayload(categoryId, image, `Crash test laptop ${acked.products.length}`),
      );
      if (answer.status === 201) acked.products.push(answer.body.insertedId);
    }
  };
  const buyerWorker = async (buyer: HttpSession) => {
    const tried = new Set<string>();
    while (running) {
      const productId = acked.products.find((id) => !tried.has(id));
      if (!productId) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      tried.add(productId);
      const outcome = await bookAndPayOverHttp(buyer, productId);
      if (outcome.orderId) acked.orders.push(outcome.orderId);
      if (outcome.orderId && outcome.paid) acked.paid.push({ orderId: outcome.orderId, productId });
    }
  };
  const workers = [sellerWorker(), sellerWorker(), ...buyers.map(buyerWorker)].map((worker) =>
    worker.catch(() => {}),
  );
  return {
    acked,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

async function crashUnderLoadAndCheck(engine: Engine) {
  const first = await startServerProcess(engine.env);
  let second: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    const categories = await httpCall<{ _id: string }[]>(first.url, 'GET', '/api/categories');
    const categoryId = categories.body[0]?._id ?? '';
    const seller = await signUpOverHttp(first.url, 'seller');
    const image = await uploadImageOverHttp(first.url, seller);
    const buyers = await Promise.all(
      Array.from({ length: 6 }, () => signUpOverHttp(first.url, 'buyer')),
    );

    const load = startWriteLoad(first.url, seller, buyers, categoryId, image);
    // Crash once the load has had time to book and pay for a few laptops.
    const deadline = Date.now() + 20_000;
    while (load.acked.paid.length < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await first.stop('SIGKILL')).toBeNull();
    await load.stop();
    const { acked } = load;
    expect(acked.paid.length).toBeGreaterThanOrEqual(3);

    // It starts again on the same data and serves it.
    second = await startServerProcess({ ...engine.env, SEED_DEMO: 'false' });
    const latest = await httpCall<unknown[]>(second.url, 'GET', '/api/latestProducts');
    expect(latest.status).toBe(200);
    expect(await second.stop()).toBe(0);
    second = undefined;

    const database = await engine.open();
    try {
      const { db } = database;
      const ids = (rows: { id: string }[]) => new Set(rows.map((row) => row.id));
      const productIds = ids(
        await rowsOf<{ id: string }>(db, sql`select id::text as id from products`),
      );
      const orderRows = await rowsOf<{ id: string; paid: boolean }>(
        db,
        sql`select id::text as id, paid from orders`,
      );
      const orderIds = ids(orderRows);

      // Every write acknowledged before the crash is there.
      for (const id of acked.products) expect(productIds.has(id), `product ${id}`).toBe(true);
      for (const id of acked.orders) expect(orderIds.has(id), `order ${id}`).toBe(true);
      for (const { orderId } of acked.paid) {
        expect(orderRows.find((order) => order.id === orderId)?.paid, `paid ${orderId}`).toBe(true);
      }

      // And everything agrees: a paid order has its payment, a sold laptop has
      // exactly one paid order, an order paid for a laptop means it is sold.
      const unpaidPayments = await rowsOf(
        db,
        sql`
        select p.id from payments p join orders o on o.id = p.order_id where not o.paid`,
      );
      expect(unpaidPayments).toEqual([]);
      const paidWithoutPayment = await rowsOf(
        db,
        sql`
        select o.id from orders o where o.paid
          and not exists (select 1 from payments p where p.order_id = o.id)`,
      );
      expect(paidWithoutPayment).toEqual([]);
      const soldTwice = await rowsOf(
        db,
        sql`
        select product_id from orders where paid group by product_id having count(*) > 1`,
      );
      expect(soldTwice).toEqual([]);
      const paidButAvailable = await rowsOf(
        db,
        sql`
        select o.id from orders o join products p on p.id = o.product_id
          where o.paid and p.status <> 'sold'`,
      );
      expect(paidButAvailable).toEqual([]);
      const soldWithoutPayment = await rowsOf(
        db,
        sql`
        select p.id from products p where p.status = 'sold'
          and not exists (select 1 from orders o where o.product_id = p.id and o.paid)`,
      );
      expect(soldWithoutPayment).toEqual([]);
    } finally {
      await database.close();
    }
  } finally {
    await first.stop('SIGKILL');
    await second?.stop('SIGKILL');
    await engine.cleanup();
  }
}

const hasPostgres = await hasPostgresServer('The crash test on PostgreSQL');

describe('a crash (SIGKILL) under write load loses no acknowledged write', () => {
  it('on the embedded database (PGlite)', async () => {
    await crashUnderLoadAndCheck(await embeddedEngine());
  }, 180_000);

  it.skipIf(!hasPostgres)(
    'on the PostgreSQL server',
    async () => {
      await crashUnderLoadAndCheck(await postgresEngine());
    },
    180_000,
  );
});
