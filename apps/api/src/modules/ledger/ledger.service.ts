import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';
import { orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  accountRule,
  accounts,
  ledgerKinds,
  type LedgerEntry,
  type LedgerKind,
} from './ledger-accounts.ts';

export type Posting = {
  kind: LedgerKind;
  /** The order the money belongs to; required when an entry names its held account. */
  orderId: string | null;
  /** Posting a key again gives the first transaction back (`replayed`), not a second. */
  key: string;
  description: string;
  entries: LedgerEntry[];
};

export type PostedTransaction = {
  id: string;
  kind: string;
  orderId: string | null;
  key: string;
  createdAt: Date;
  replayed: boolean;
};

/** A posting that breaks the ledger's rules: a bug in its caller, never a user's mistake. */
export class LedgerError extends Error {
  override name = 'LedgerError';
}

/**
 * Records one movement of money, inside the caller's database transaction (as a
 * savepoint), so it is written with the change it pays for or not at all. Money leaving
 * an order's held account or a seller's available one is checked under that order's or
 * account's row lock, taken here in the order of decision 0024 (accounts, then orders):
 * a caller that already holds a lock later in that order must not post a movement that
 * needs an earlier one.
 */
export async function postTransaction(tx: Db, posting: Posting): Promise<PostedTransaction> {
  return tx.transaction(async (inner) => {
    // Locked before the key is looked up, so a second posting of it waits for the first
    // and then finds it, instead of checking a balance the first is about to change.
    await lockGuardedAccounts(inner, posting.entries);
    const first = await findByKey(inner, posting.key);
    if (first) return replay(first, posting);
    const entries = checkedEntries(posting);
    await refuseOverdraft(inner, entries);
    const [created] = await inner
      .insert(ledgerTransactions)
      .values({
        kind: posting.kind,
        orderId: posting.orderId,
        idempotencyKey: posting.key,
        description: posting.description,
      })
      .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
      .returning();
    if (!created) {
      // The same key posted at once elsewhere without a lock (nothing guarded left an
      // account), and that one committed first.
      const winner = await findByKey(inner, posting.key);
      if (!winner) throw new LedgerError(`ledger key ${posting.key} neither new nor found`);
      return replay(winner, posting);
    }
    await inner
      .insert(ledgerEntries)
      .values(entries.map((entry) => ({ transactionId: created.id, ...entry })));
    return toPosted(created, false);
  });
}

/** An account's balance: the sum of its entries, never a number kept up to date. */
export async function balanceOf(db: Db, account: string): Promise<number> {
  const [row] = await db
    .select({
      balance: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return row?.balance ?? 0;
}

export type OrderMoney = {
  /** Taken from the buyer's card for this order (late payments given back included). */
  chargedCents: number;
  /** Held now, waiting to be released or refunded. */
  heldCents: number;
  /** Released to the seller, after the fee. */
  releasedCents: number;
  feeCents: number;
  refundedCents: number;
};

/** Where an order's money is: charged = held + released + fee + refunded. */
export async function orderMoney(db: Db, orderId: string): Promise<OrderMoney> {
  const amount = ledgerEntries.amountCents;
  const account = ledgerEntries.account;
  const total = (filter: ReturnType<typeof sql>, sign = 1) =>
    sql<number>`coalesce(sum(${amount}) filter (where ${filter}), 0)::bigint * ${sign}`.mapWith(
      Number,
    );
  const [row] = await db
    .select({
      chargedCents: total(sql`${account} = ${accounts.buyerPayments}`, -1),
      heldCents: total(sql`${account} = ${accounts.held(orderId)}`),
      releasedCents: total(sql`${account} like 'seller_available:%'`),
      feeCents: total(sql`${account} = ${accounts.platformFees}`),
      refundedCents: total(sql`${account} = ${accounts.refundsOut}`),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerTransactions.orderId, orderId));
  return row ?? { chargedCents: 0, heldCents: 0, releasedCents: 0, feeCents: 0, refundedCents: 0 };
}

type TransactionRow = typeof ledgerTransactions.$inferSelect;

async function findByKey(tx: Db, key: string) {
  const [row] = await tx
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, key));
  return row;
}

function replay(first: TransactionRow, posting: Posting): PostedTransaction {
  // A key names one movement: reused for another, it hides a bug. The entries may
  // differ (a release computed again from a balance the first one emptied) and are not
  // compared.
  if (first.kind !== posting.kind || first.orderId !== posting.orderId) {
    throw new LedgerError(`ledger key ${posting.key} was used for another movement`);
  }
  return toPosted(first, true);
}

function toPosted(row: TransactionRow, replayed: boolean): PostedTransaction {
  return {
    id: row.id,
    kind: row.kind,
    orderId: row.orderId,
    key: row.idempotencyKey,
    createdAt: row.createdAt,
    replayed,
  };
}

/** The posting's entries once they keep every rule the service checks before writing. */
function checkedEntries(posting: Posting): LedgerEntry[] {
  const fail = (why: string) => {
    throw new LedgerError(`ledger ${posting.kind} ${posting.key}: ${why}`);
  };
  if (!ledgerKinds.includes(posting.kind)) fail('unknown kind');
  if (posting.entries.length < 2) fail('fewer than two entries');
  let sum = 0;
  for (const { account, amountCents } of posting.entries) {
    if (!Number.isSafeInteger(amountCents) || amountCents === 0)
      fail(`${account}: amount ${amountCents}`);
    const rule = accountRule(account);
    if (!rule) fail(`unknown account ${account}`);
    else if (rule.direction === 'gives' && amountCents > 0) fail(`${account} only gives`);
    else if (rule.direction === 'receives' && amountCents < 0) fail(`${account} only receives`);
    else if (
      rule.direction === 'both' &&
      rule.guarded.table === 'orders' &&
      rule.guarded.id !== posting.orderId
    )
      fail(`${account} is not this order's`);
    sum += amountCents;
  }
  if (sum !== 0) fail(`entries sum to ${sum}`);
  return posting.entries.map(({ account, amountCents }) => ({ account, amountCents }));
}

/** What the posting takes out of each guarded account (those with a lock and a floor). */
function withdrawals(entries: LedgerEntry[]) {
  const out = new Map<string, { table: 'orders' | 'users'; id: string; cents: number }>();
  for (const { account, amountCents } of entries) {
    const rule = accountRule(account);
    if (rule?.direction !== 'both') continue;
    const seen = out.get(account) ?? { ...rule.guarded, cents: 0 };
    out.set(account, { ...seen, cents: seen.cents + amountCents });
  }
  return [...out].filter(([, w]) => w.cents < 0);
}

async function lockGuardedAccounts(tx: Db, entries: LedgerEntry[]) {
  const taken = withdrawals(entries).map(([, w]) => w);
  const ids = (table: 'orders' | 'users') =>
    [...new Set(taken.filter((w) => w.table === table).map((w) => w.id))].sort();
  const userIds = ids('users');
  const orderIds = ids('orders');
  if (userIds.length > 0) {
    const locked = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, userIds))
      .orderBy(asc(users.id))
      .for('update');
    if (locked.length !== userIds.length) throw new LedgerError('a seller account is missing');
  }
  if (orderIds.length > 0) {
    const locked = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.id, orderIds))
      .orderBy(asc(orders.id))
      .for('update');
    if (locked.length !== orderIds.length) throw new LedgerError('an order is missing');
  }
}

async function refuseOverdraft(tx: Db, entries: LedgerEntry[]) {
  for (const [account, { cents }] of withdrawals(entries)) {
    const balance = await balanceOf(tx, account);
    if (balance + cents < 0) {
      throw new HttpError(
        409,
        'INSUFFICIENT_FUNDS',
        'There is not enough money held for this. Nothing was moved.',
      );
    }
  }
}
