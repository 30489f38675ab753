import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { hasPostgresServer, testPostgresUrl } from '../test/services.ts';
import { startTcpProxy } from '../test/tcp-proxy.ts';
import { isDatabaseReachable, openDatabase, type Database } from './client.ts';

const hasPostgres = await hasPostgresServer('The connection-loss tests');

let database: Database | undefined;
let proxy: Awaited<ReturnType<typeof startTcpProxy>> | undefined;
afterEach(async () => {
  await database?.close().catch(() => {});
  await proxy?.close();
  database = proxy = undefined;
});

async function openBehindProxy() {
  const server = new URL(testPostgresUrl);
  proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const url = new URL(server);
  url.host = `127.0.0.1:${proxy.port}`;
  database = await openDatabase({ databaseUrl: url.toString() });
  return { db: database.db, proxy };
}

it.skipIf(!hasPostgres)(
  'a connection lost in the middle of a transaction fails that transaction, not the process',
  async () => {
    const { db, proxy } = await openBehindProxy();
    // Without an error listener on the checked-out client, the lost connection is
    // an unhandled 'error' event: Vitest reports it and the server process dies.
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      proxy.cut();
      await tx.execute(sql`select pg_sleep(1)`);
    });
    await expect(transaction).rejects.toThrow();

    proxy.restore();
    await expect.poll(() => isDatabaseReachable(db), { timeout: 10_000 }).toBe(true);
  },
);

it.skipIf(!hasPostgres)('an idle connection the server drops is replaced', async () => {
  const { db, proxy } = await openBehindProxy();
  await db.execute(sql`select 1`);
  proxy.cut();
  proxy.restore();
  await expect.poll(() => isDatabaseReachable(db), { timeout: 10_000 }).toBe(true);
});
