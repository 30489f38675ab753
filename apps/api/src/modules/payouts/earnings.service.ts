import { sql } from 'drizzle-orm';
import { feeCents } from '@laptops/shared/deals';
import { centsToDollars } from '@laptops/shared/money';
import type { Earnings, EarningsLine, EarningsLineStatus } from '@laptops/shared/payouts';
import type { Db } from '../../db/client.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { balanceOf } from '../ledger/ledger.service.ts';

/** The page shows the newest sales; the CSV has every one. */
export const EARNINGS_PAGE_LINES = 100;

type SaleRow = {
  order_id: string;
  price_cents: number;
  fee_bps: number | null;
  laptop: string;
  paid: boolean;
  paid_at: Date | string | null;
  released_at: Date | string | null;
  charged: string;
  held: string;
  fee: string;
  refunded: string;
  released: string;
};

/** One sale in cents, before it is put in dollars. */
export type SaleMoney = {
  orderId: string;
  date: Date;
  laptop: string;
  priceCents: number;
  feeCents: number;
  refundedCents: number;
  receiveCents: number;
  heldCents: number;
  releasedAt: Date | null;
  status: EarningsLineStatus;
};

/**
 * Where each of the seller's orders' money is, summed from the ledger by the order's
 * transactions: what is held for it, the fee, what went back to the buyer and what was
 * released to the seller.
 */
async function saleRows(db: Db, sellerId: string): Promise<SaleRow[]> {
  const result = await db.execute<SaleRow>(sql`
    select o.id as order_id, o.price_cents, o.fee_bps, p.name as laptop, o.paid,
      coalesce(o.paid_at, min(t.created_at) filter (where t.kind = 'charge')) as paid_at,
      min(t.created_at) filter (where t.kind = 'release') as released_at,
      coalesce(-sum(e.amount_cents) filter (where e.account = ${accounts.buyerPayments}), 0)::text as charged,
      coalesce(sum(e.amount_cents) filter (where e.account = 'order_held:' || o.id::text), 0)::text as held,
      coalesce(sum(e.amount_cents) filter (where e.account = ${accounts.platformFees}), 0)::text as fee,
      coalesce(sum(e.amount_cents) filter (where e.account = ${accounts.refundsOut}), 0)::text as refunded,
      coalesce(sum(e.amount_cents) filter (where e.account = ${accounts.sellerAvailable(sellerId)}), 0)::text as released
    from orders o
    join products p on p.id = o.product_id
    join ledger_transactions t on t.order_id = o.id
    join ledger_entries e on e.transaction_id = t.id
    where p.seller_id = ${sellerId}
    group by o.id, o.price_cents, o.fee_bps, p.name, o.paid, o.paid_at`);
  return (result as unknown as { rows: SaleRow[] }).rows;
}

const asDate = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/**
 * The seller's sales, newest first, each with its status. Money is fungible, so which
 * sales a payout paid is read first in, first out: sales released earliest are the
 * ones paid out, then the ones in transit, and the rest available.
 */
export async function sellerSales(
  db: Db,
  sellerId: string,
  paid: { paidOutCents: number; inTransitCents: number },
): Promise<{ sales: SaleMoney[]; heldCents: number }> {
  const rows = await saleRows(db, sellerId);
  let heldCents = 0;
  const sales: SaleMoney[] = [];
  for (const row of rows) {
    const held = Number(row.held);
    heldCents += held;
    const released = Number(row.released);
    // Only the orders that bought the laptop: a late payment for another booking was
    // taken and given back, and was never the seller's.
    if (!row.paid && released <= 0) continue;
    const charged = Number(row.charged);
    // What a buyer paid beyond the price (a second, late payment) went back to them
    // and is not the sale's refund.
    const extra = Math.max(0, charged - row.price_cents);
    const refunded = Math.max(0, Number(row.refunded) - extra);
    // Still held: the fee and what the seller receives as they will be at release.
    const feeAhead = feeCents(held, row.fee_bps ?? 0);
    sales.push({
      orderId: row.order_id,
      date: asDate(row.paid_at) ?? new Date(0),
      laptop: row.laptop,
      priceCents: row.price_cents,
      feeCents: Number(row.fee) + feeAhead,
      refundedCents: refunded,
      receiveCents: released + held - feeAhead,
      heldCents: held,
      releasedAt: asDate(row.released_at),
      status: held > 0 ? 'held' : released > 0 ? 'available' : refunded > 0 ? 'refunded' : 'held',
    });
  }
  let sent = 0;
  const released = sales
    .filter((sale) => sale.status === 'available')
    .sort((a, b) => (a.releasedAt?.getTime() ?? 0) - (b.releasedAt?.getTime() ?? 0));
  for (const sale of released) {
    sent += sale.receiveCents;
    if (sent <= paid.paidOutCents) sale.status = 'paid-out';
    else if (sent <= paid.paidOutCents + paid.inTransitCents) sale.status = 'in-transit';
  }
  sales.sort((a, b) => b.date.getTime() - a.date.getTime() || a.orderId.localeCompare(b.orderId));
  return { sales, heldCents };
}

/** The seller's money: each balance a sum of ledger entries, and their sales. */
export async function earningsOf(db: Db, sellerId: string) {
  const [availableCents, inTransitCents, paidOutCents] = await Promise.all([
    balanceOf(db, accounts.sellerAvailable(sellerId)),
    balanceOf(db, accounts.sellerPayoutPending(sellerId)),
    balanceOf(db, accounts.sellerPaidOut(sellerId)),
  ]);
  const { sales, heldCents } = await sellerSales(db, sellerId, { paidOutCents, inTransitCents });
  return { heldCents, availableCents, inTransitCents, paidOutCents, sales };
}

export function toEarningsLine(sale: SaleMoney): EarningsLine {
  return {
    orderId: sale.orderId,
    date: sale.date.toISOString(),
    laptop: sale.laptop,
    price: centsToDollars(sale.priceCents),
    fee: centsToDollars(sale.feeCents),
    refunded: centsToDollars(sale.refundedCents),
    receive: centsToDollars(sale.receiveCents),
    status: sale.status,
  };
}

/** GET /api/earnings. */
export async function earningsSummary(db: Db, sellerId: string): Promise<Earnings> {
  const money = await earningsOf(db, sellerId);
  return {
    balances: {
      held: centsToDollars(money.heldCents),
      available: centsToDollars(money.availableCents),
      inTransit: centsToDollars(money.inTransitCents),
      paidOut: centsToDollars(money.paidOutCents),
    },
    lines: money.sales.slice(0, EARNINGS_PAGE_LINES).map(toEarningsLine),
    totalLines: money.sales.length,
  };
}
