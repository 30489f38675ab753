import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  bookAndPayOverHttp,
  httpCall,
  payOrderOverHttp,
  productPayload,
  signUpOverHttp,
  uploadImageOverHttp,
} from './test/http-client.ts';
import { startServerProcess, type ServerProcess } from './test/server-process.ts';
import { hasPostgresServer, testPostgresUrl } from './test/services.ts';
import { startTcpProxy } from './test/tcp-proxy.ts';

const serverUrl = new URL(testPostgresUrl);
const name = `laptops_outage_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

const hasPostgres = await hasPostgresServer('The database outage test');

let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  if (!hasPostgres) return;
  await admin(`create database ${name}`);
  proxy = await startTcpProxy({
    host: serverUrl.hostname,
    port: Number(serverUrl.port || 5432),
  });
  const url = new URL(serverUrl);
  url.host = `127.0.0.1:${proxy.port}`;
  url.pathname = `/${name}`;
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-outage-'));
  server = await startServerProcess({
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
  });
}, 120_000);

afterAll(async () => {
  if (!hasPostgres) return;
  await server?.stop('SIGKILL');
  await proxy?.close();
  await admin(`drop database if exists ${name} with (force)`);
  await fs.rm(dataDir, { recursive: true, force: true });
});

it.skipIf(!hasPostgres)(
  'answers 503 while the database is gone, recovers by itself, and leaves no half-written order',
  async () => {
    const categories = await httpCall<{ _id: string }[]>(server.url, 'GET', '/api/categories');
    const categoryId = categories.body[0]?._id ?? '';
    const seller = await signUpOverHttp(server.url, 'seller');
    const buyer = await signUpOverHttp(server.url, 'buyer');
    const image = await uploadImageOverHttp(server.url, seller);
    const posted = await seller.call<{ insertedId: string }>(
      'POST',
      '/api/products',
      productPayload(categoryId, image, 'Outage test laptop'),
    );
    expect(posted.status).toBe(201);
    const pid = server.child.pid;

    proxy.cut();
    const startedAt = Date.now();
    const list = await httpCall(server.url, 'GET', '/api/latestProducts');
    expect(list.status).toBe(503);
    expect(list.body).toEqual({
      error: {
        code: 'DATABASE_UNAVAILABLE',
        message: 'The marketplace cannot reach its database right now. Please try again shortly.',
      },
    });
    const booking = await buyer.call('POST', '/api/myOrders', {
      productId: posted.body.insertedId,
      meetingLocation: 'Cafe',
      buyerPhone: '+1 512 555 0100',
    });
    expect(booking.status).toBe(503);
    const health = await httpCall(server.url, 'GET', '/api/health');
    expect(health.status).toBe(503);
    // Refusals come quickly instead of hanging until the client gives up.
    expect(Date.now() - startedAt).toBeLessThan(20_000);

    proxy.restore();
    await expect
      .poll(async () => (await httpCall(server.url, 'GET', '/api/latestProducts')).status, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe(200);
    expect(server.child.pid).toBe(pid);
    expect(server.child.exitCode).toBeNull();

    // The refused booking left nothing behind; booking and paying now work.
    const orders = await buyer.call<unknown[]>('GET', '/api/myOrders');
    expect(orders.status).toBe(200);
    expect(orders.body).toEqual([]);

    // Cut the database while a payment is under way; whatever was written is whole.
    const outcome = bookAndPayOverHttp(buyer, posted.body.insertedId);
    await new Promise((resolve) => setTimeout(resolve, 30));
    proxy.cut();
    await outcome.catch(() => undefined);
    proxy.restore();
    await expect
      .poll(async () => (await httpCall(server.url, 'GET', '/api/health')).status, {
        timeout: 15_000,
      })
      .toBe(200);
    const check = new pg.Client({
      connectionString: Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString(),
    });
    await check.connect();
    try {
      const broken = await check.query(`
        select o.id from orders o
          left join payments p on p.order_id = o.id
          left join products pr on pr.id = o.product_id
         where (o.paid and p.id is null)
            or (p.id is not null and not o.paid)
            or (o.paid and pr.status <> 'sold')
            or (pr.status = 'sold' and not exists
                 (select 1 from orders o2 where o2.product_id = pr.id and o2.paid))`);
      expect(broken.rows).toEqual([]);
    } finally {
      await check.end();
    }
    // Once the database is back the buyer can finish: book if the booking was
    // lost, and pay if the payment was.
    let [order] = (await buyer.call<{ _id: string; paid: boolean }[]>('GET', '/api/myOrders')).body;
    if (!order) {
      await bookAndPayOverHttp(buyer, posted.body.insertedId);
    } else if (!order.paid) {
      expect(await payOrderOverHttp(buyer, order._id)).toBe(true);
    }
    [order] = (await buyer.call<{ _id: string; paid: boolean }[]>('GET', '/api/myOrders')).body;
    expect(order?.paid).toBe(true);
  },
  120_000,
);
