import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Order } from '@laptops/shared/orders';
import { openDatabase, type Database } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { products } from '../../db/schema/products.ts';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { sandboxCard, signUpOverHttp } from '../../test/http-client.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { confirmSandboxPayment } from './sandbox-provider.ts';

/**
 * The real server process on the embedded database, or with TEST_DATABASE_URL on a
 * fresh database of that PostgreSQL server (the job queue then has its own pool).
 */
let env: Record<string, string>;
let open: () => Promise<Database>;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-reconcile-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
    open = () => openDatabase({ dataDir, purpose: 'reconcile test' });
    cleanup = () => fs.rm(dataDir, { recursive: true, force: true });
    return;
  }
  const name = `laptops_reconcile_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  env = { DATA_DIR: dataDir, DATABASE_URL: url.toString(), SEED_DEMO: 'false' };
  open = () => openDatabase({ databaseUrl: url.toString() });
  cleanup = async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(async () => {
  await cleanup?.();
});

/** Runs `work` on the database while no server holds it. */
async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await open();
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

it('settles, as the server starts again, a card charged while it was down before recording', async () => {
  const productId = await withDatabase(async ({ db }) => {
    const seller = await createUser(db, { typeOfUser: 'seller' });
    const category = await createCategory(db);
    const product = await createProduct(db, {
      sellerId: seller.id,
      categoryId: category.id,
      resalePriceCents: 70000,
    });
    return product.id;
  });

  let server: ServerProcess | undefined = await startServerProcess(env);
  try {
    const buyer = await signUpOverHttp(server.url, 'buyer');
    const booked = await buyer.call<{ insertedId: string }>('POST', '/api/myOrders', {
      productId,
      meetingLocation: 'Cafe',
      buyerPhone: '+1 512 555 0100',
    });
    expect(booked.status).toBe(201);
    const orderId = booked.body.insertedId;
    const started = await buyer.call<{ paymentIntentId: string; clientSecret: string }>(
      'POST',
      '/api/create-payment-intent',
      { orderId },
    );
    expect(started.status).toBe(200);

    // The server dies; the processor charges the card all the same (for the sandbox,
    // whose intents live in our database, its confirm without the route that records).
    const { port } = server;
    expect(await server.stop('SIGKILL')).toBeNull();
    server = undefined;
    await withDatabase(({ db }) =>
      confirmSandboxPayment(db, started.body.paymentIntentId, {
        client_secret: started.body.clientSecret,
        card: sandboxCard,
        billing_details: { name: 'Pat Payer', email: buyer.email },
      }),
    );

    // On the same port, so the buyer's session (its Origin) carries over.
    server = await startServerProcess(env, { port });
    const order = async () => {
      const listed = await buyer.call<Order[]>('GET', '/api/myOrders');
      return listed.body.find((row) => row._id === orderId);
    };
    await expect.poll(order, { timeout: 30_000, interval: 250 }).toMatchObject({
      paid: true,
      status: 'paid',
      transactionId: started.body.paymentIntentId,
    });
    expect(await server.stop()).toBe(0);
    server = undefined;

    await withDatabase(async ({ db }) => {
      const recorded = await db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(recorded).toEqual([expect.objectContaining({ amountCents: 70000 })]);
      const [product] = await db.select().from(products).where(eq(products.id, productId));
      expect(product?.status).toBe('sold');
    });
  } finally {
    await server?.stop('SIGKILL');
  }
}, 180_000);
