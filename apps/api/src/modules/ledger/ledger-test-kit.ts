/** What the ledger's tests share: orders to hold money for, and the ledger read whole. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';

export async function ledgerParties(db: Db) {
  const seller = await createUser(db, { typeOfUser: 'seller' });
  const buyer = await createUser(db, { typeOfUser: 'buyer' });
  const category = await createCategory(db);
  /** A new booking of a new laptop of the seller's (`seller` by default). */
  async function order(priceCents = 50_000, sellerId = seller.id) {
    const product = await createProduct(db, {
      sellerId,
      categoryId: category.id,
      resalePriceCents: priceCents,
    });
    const [row] = await db
      .insert(orders)
      .values({
        productId: product.id,
        buyerId: buyer.id,
        priceCents,
        buyerPhone: '+1 512 555 0100',
        meetingLocation: 'Cafe',
      })
      .returning({ id: orders.id });
    if (!row) throw new Error('order insert returned no row');
    return row.id;
  }
  return { seller, buyer, order };
}

/** The message of an error and of what caused it (Drizzle wraps the database's). */
export function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) parts.push(e.message);
  return parts.join(' / ');
}

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Transactions whose entries do not sum to zero, and accounts below their floor. */
export async function brokenInvariants(db: Db) {
  const unbalanced = await rows<{ transaction_id: string }>(
    db,
    sql`
    select transaction_id from ledger_entries group by transaction_id
    having sum(amount_cents) <> 0 or count(*) < 2`,
  );
  const overdrawn = await rows<{ account: string }>(
    db,
    sql`
    select account from ledger_entries
    where account like 'order_held:%' or account like 'seller_available:%'
      or account like 'seller_payout_pending:%'
    group by account having sum(amount_cents) < 0`,
  );
  return { unbalanced, overdrawn };
}

/** Every account's balance, to compare before and after. */
export async function allBalances(db: Db): Promise<Record<string, number>> {
  const result = await rows<{ account: string; balance: string }>(
    db,
    sql`select account, sum(amount_cents)::text as balance from ledger_entries group by account`,
  );
  return Object.fromEntries(result.map((row) => [row.account, Number(row.balance)]));
}
