/**
 * The ledger starts with the money recorded before it: migrating a database that has
 * sales and refunds posts them, keyed as the payments service keys them.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { pgliteExtensions } from '../../db/client.ts';
import { schema } from '../../db/schema.ts';
import { brokenInvariants, rows } from './ledger-test-kit.ts';
import { orderMoney } from './ledger.service.ts';
import { recordCardPayment } from './payment-postings.ts';

const migrations = fileURLToPath(new URL('../../db/migrations', import.meta.url));
let pglite: PGlite | undefined;
let before: string | undefined;
afterAll(async () => {
  await pglite?.close();
  if (before) await fs.rm(before, { recursive: true, force: true });
});

/** A copy of the migrations that stops before the ledger's. */
async function migrationsBeforeLedger() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ledger-history-'));
  await fs.cp(migrations, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_ledger'));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

it('posts every sale and refund made before the ledger existed', async () => {
  before = await migrationsBeforeLedger();
  pglite = await PGlite.create({ extensions: pgliteExtensions });
  const db = drizzle({ client: pglite, schema }) as unknown as Db;
  await migrate(drizzle({ client: pglite }), { migrationsFolder: before });

  // Written as the schema stood then: a laptop sold to one buyer, and another
  // buyer's late payment for it, refunded.
  await pglite.exec(`
    insert into users (id, name, email) values ('seller-1', 'Sam', 's@example.test'),
      ('buyer-1', 'Pat', 'p@example.test'), ('buyer-2', 'Lee', 'l@example.test');
    insert into categories (id, name, image) values
      ('00000000-0000-4000-8000-000000000001', 'Laptops', 'x');
    insert into products (id, seller_id, category_id, name, image, location, description,
      condition_type, mobile_number, original_price_cents, resale_price_cents, years_of_use)
    values ('00000000-0000-4000-8000-000000000002', 'seller-1',
      '00000000-0000-4000-8000-000000000001', 'ThinkPad', 'x', 'Austin', 'A laptop',
      'Good', '+1 512 555 0100', 90000, 45000, 2);
    insert into orders (id, product_id, buyer_id, price_cents, buyer_phone, meeting_location,
      paid) values
      ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000002',
       'buyer-1', 45000, '+1 512 555 0101', 'Cafe', true),
      ('00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000002',
       'buyer-2', 45000, '+1 512 555 0102', 'Cafe', false);
    insert into payments (order_id, provider, transaction_id, amount_cents) values
      ('00000000-0000-4000-8000-00000000000a', 'stripe', 'pi_sale', 45000);
    insert into refunds (order_id, provider, transaction_id, amount_cents, reason) values
      ('00000000-0000-4000-8000-00000000000b', 'stripe', 'pi_late', 45000, 'sold');
  `);

  await migrate(drizzle({ client: pglite }), { migrationsFolder: migrations });

  expect(await orderMoney(db, '00000000-0000-4000-8000-00000000000a')).toMatchObject({
    chargedCents: 45000,
    heldCents: 45000,
    refundedCents: 0,
  });
  expect(await orderMoney(db, '00000000-0000-4000-8000-00000000000b')).toMatchObject({
    chargedCents: 45000,
    heldCents: 0,
    refundedCents: 45000,
  });
  expect(
    await rows(db, sql`select kind, idempotency_key from ledger_transactions order by 2`),
  ).toEqual([
    { kind: 'charge', idempotency_key: 'charge:pi_late' },
    { kind: 'charge', idempotency_key: 'charge:pi_sale' },
    { kind: 'refund', idempotency_key: 'refund:pi_late' },
  ]);
  expect(await brokenInvariants(db)).toEqual({ unbalanced: [], overdrawn: [] });
  // The sale reported again after the migration finds its posting: nothing doubles.
  const again = await recordCardPayment(db, {
    orderId: '00000000-0000-4000-8000-00000000000a',
    paymentIntentId: 'pi_sale',
    amountCents: 45000,
  });
  expect(again.replayed).toBe(true);
});
