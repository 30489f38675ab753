/**
 * What the payout tests share: a seller with sales whose money was released to them
 * (posted as the release code posts it: `releaseEntries`), and the seller's calls.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  createCategory,
  createPaidOrder,
  createProduct,
  createUser,
} from '../../db/seed/factories.ts';
import pino from 'pino';
import { signIn, type TestContext } from '../../test/test-app.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';
import type { PayoutDeps } from './payout-accounts.service.ts';
import { releaseEntries } from '../ledger/ledger-accounts.ts';
import { postTransaction } from '../ledger/ledger.service.ts';

/** A sale of a new laptop of the seller's, paid by a new buyer: its money held. */
export async function paidSale(
  db: Db,
  sellerId: string,
  priceCents: number,
  name = 'ThinkPad X1 Carbon',
) {
  const category = await createCategory(db);
  const buyer = await createUser(db, { typeOfUser: 'buyer' });
  const product = await createProduct(db, {
    sellerId,
    categoryId: category.id,
    resalePriceCents: priceCents,
    name,
  });
  const order = await createPaidOrder(db, {
    productId: product.id,
    buyerId: buyer.id,
    priceCents,
  });
  return order.id;
}

/** The held money of a sale goes to the seller, less the fee. */
export function release(
  db: Db,
  orderId: string,
  sellerId: string,
  cents: number,
  feeCents: number,
) {
  return db.transaction((tx) =>
    postTransaction(tx, {
      kind: 'release',
      orderId,
      key: `release:${orderId}`,
      description: 'test release',
      entries: releaseEntries(orderId, sellerId, cents, feeCents),
    }),
  );
}

export function payoutKit(t: () => TestContext) {
  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t().app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  return {
    call,
    /** A signed-in seller. */
    async seller(name = 'Sam Seller') {
      const user = await createUser(t().database.db, { typeOfUser: 'seller', name });
      return { user, cookie: await signIn(t().app, user.email, user.password) };
    },
    /** A sale of the seller's whose money was released to them: `cents` less `feeCents`. */
    async releasedSale(sellerId: string, cents: number, feeCents: number, name?: string) {
      const orderId = await paidSale(t().database.db, sellerId, cents, name);
      await release(t().database.db, orderId, sellerId, cents, feeCents);
      return orderId;
    },
    earnings: (cookie: string) => call('GET', '/api/earnings', cookie),
    payouts: (cookie: string) => call('GET', '/api/payouts', cookie),
    account: (cookie: string) => call('GET', '/api/payout-account', cookie),
    startOnboarding: (cookie: string) => call('POST', '/api/payout-account/onboarding', cookie),
  };
}

/** A seller's balances in cents, read from the ledger. */
export async function sellerBalances(db: Db, sellerId: string) {
  const result = await db.execute<{ account: string; balance: string }>(sql`
    select split_part(account, ':', 1) as account, sum(amount_cents)::text as balance
    from ledger_entries where account like ${`%:${sellerId}`} group by 1`);
  const rows = (result as unknown as { rows: { account: string; balance: string }[] }).rows;
  const of = (name: string) => Number(rows.find((row) => row.account === name)?.balance ?? 0);
  return {
    available: of('seller_available'),
    pending: of('seller_payout_pending'),
    paidOut: of('seller_paid_out'),
  };
}

/** The payout services' dependencies on the test app's database, paying in the sandbox. */
export function sandboxPayoutDeps(t: TestContext): PayoutDeps {
  return {
    db: t.database.db,
    provider: createSandboxProvider(t.database.db),
    log: pino({ level: 'silent' }),
    publicUrl: 'http://localhost:3000',
  };
}
