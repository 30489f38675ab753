import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import {
  accounts,
  chargeEntries,
  payoutStartEntries,
  refundEntries,
  releaseEntries,
} from './ledger-accounts.ts';
import { allBalances, brokenInvariants, errorText, ledgerParties } from './ledger-test-kit.ts';
import {
  balanceOf,
  LedgerError,
  orderMoney,
  postTransaction,
  type Posting,
} from './ledger.service.ts';

let t: TestContext;
let db: Db;
let parties: Awaited<ReturnType<typeof ledgerParties>>;

beforeAll(async () => {
  t = await createTestContext();
  db = t.database.db;
  parties = await ledgerParties(db);
});
afterAll(() => t.close());

const charge = (orderId: string, cents: number, key = `test-charge:${orderId}`): Posting => ({
  kind: 'charge',
  orderId,
  key,
  description: 'test charge',
  entries: chargeEntries(orderId, cents),
});
const transactionCount = async () =>
  (await db.select({ n: count() }).from(ledgerTransactions))[0]?.n ?? 0;

describe('the ledger service', () => {
  it('posts a movement whose entries sum to zero, and reads balances as sums', async () => {
    const orderId = await parties.order();
    const before = await balanceOf(db, accounts.buyerPayments);
    const posted = await postTransaction(db, charge(orderId, 50_000));
    expect(posted).toMatchObject({ kind: 'charge', orderId, replayed: false });
    expect(await balanceOf(db, accounts.held(orderId))).toBe(50_000);
    expect(await balanceOf(db, accounts.buyerPayments)).toBe(before - 50_000);
    expect(await orderMoney(db, orderId)).toEqual({
      chargedCents: 50_000,
      heldCents: 50_000,
      releasedCents: 0,
      feeCents: 0,
      refundedCents: 0,
    });
    expect(await brokenInvariants(db)).toEqual({ unbalanced: [], overdrawn: [] });
  });

  it('gives the first transaction back for a key posted again, and moves nothing more', async () => {
    const orderId = await parties.order();
    const first = await postTransaction(db, charge(orderId, 30_000));
    const balances = await allBalances(db);
    const again = await postTransaction(db, charge(orderId, 30_000));
    expect(again).toEqual({ ...first, replayed: true });
    expect(await allBalances(db)).toEqual(balances);
    // A key names one movement: the same key for another is a bug, and says so.
    await expect(
      postTransaction(db, {
        ...charge(orderId, 30_000),
        kind: 'refund',
        entries: refundEntries(orderId, 30_000),
      }),
    ).rejects.toThrow(LedgerError);
    expect(await allBalances(db)).toEqual(balances);
  });

  it('refuses a posting that breaks a rule, and writes nothing', async () => {
    const orderId = await parties.order();
    const other = await parties.order();
    const held = accounts.held(orderId);
    const bad: [string, Posting['entries']][] = [
      [
        'unbalanced',
        [
          { account: accounts.buyerPayments, amountCents: -100 },
          { account: held, amountCents: 99 },
        ],
      ],
      ['one entry', [{ account: held, amountCents: 0 }]],
      ['a zero amount', [...chargeEntries(orderId, 100), { account: held, amountCents: 0 }]],
      ['cents with a fraction', chargeEntries(orderId, 10.5)],
      [
        'an unknown account',
        [
          { account: accounts.buyerPayments, amountCents: -100 },
          { account: 'cash', amountCents: 100 },
        ],
      ],
      [
        'the source receiving',
        [
          { account: accounts.buyerPayments, amountCents: 100 },
          { account: held, amountCents: -100 },
        ],
      ],
      [
        'an outflow giving',
        [
          { account: accounts.refundsOut, amountCents: -100 },
          { account: held, amountCents: 100 },
        ],
      ],
      ["another order's held money", chargeEntries(other, 100)],
    ];
    const before = await transactionCount();
    for (const [why, entries] of bad) {
      const posting = { ...charge(orderId, 100, `bad:${why}`), entries };
      await expect(postTransaction(db, posting), why).rejects.toThrow(LedgerError);
    }
    expect(await transactionCount()).toBe(before);
  });

  it('refuses to take out more than an order holds or a seller has, with a 409', async () => {
    const orderId = await parties.order();
    await postTransaction(db, charge(orderId, 20_000));
    const refund = (cents: number, key: string): Posting => ({
      kind: 'refund',
      orderId,
      key,
      description: 'test refund',
      entries: refundEntries(orderId, cents),
    });
    const refused = postTransaction(db, refund(20_001, `too-much:${orderId}`));
    await expect(refused).rejects.toThrow(HttpError);
    await expect(refused).rejects.toMatchObject({ statusCode: 409, code: 'INSUFFICIENT_FUNDS' });
    await postTransaction(db, refund(15_000, `part:${orderId}`));
    await expect(postTransaction(db, refund(5_001, `rest:${orderId}`))).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await orderMoney(db, orderId)).toMatchObject({
      heldCents: 5_000,
      refundedCents: 15_000,
    });

    const payout = (cents: number): Posting => ({
      kind: 'payout_start',
      orderId: null,
      key: `payout-start:${parties.seller.id}:${cents}`,
      description: 'test payout',
      entries: payoutStartEntries(parties.seller.id, cents),
    });
    const available = await balanceOf(db, accounts.sellerAvailable(parties.seller.id));
    await expect(postTransaction(db, payout(available + 1))).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
  });

  it('releases held money to the seller less the fee, in one movement', async () => {
    const orderId = await parties.order();
    await postTransaction(db, charge(orderId, 40_000));
    await postTransaction(db, {
      kind: 'release',
      orderId,
      key: `release:${orderId}`,
      description: 'test release',
      entries: releaseEntries(orderId, parties.seller.id, 40_000, 2_000),
    });
    expect(await orderMoney(db, orderId)).toEqual({
      chargedCents: 40_000,
      heldCents: 0,
      releasedCents: 38_000,
      feeCents: 2_000,
      refundedCents: 0,
    });
    expect(() => releaseEntries(orderId, parties.seller.id, 100, 101)).toThrow();
  });
});

describe('the database keeps the rules without the service', () => {
  /** Writes a transaction and its entries directly, as a script or a bug might. */
  async function writeDirectly(orderId: string | null, entries: [string, number][]) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(ledgerTransactions)
        .values({
          kind: 'charge',
          orderId,
          idempotencyKey: crypto.randomUUID(),
          description: 'raw',
        })
        .returning({ id: ledgerTransactions.id });
      for (const [account, amount] of entries) {
        await tx.execute(
          sql`insert into ledger_entries (transaction_id, account, amount_cents) values (${row?.id}, ${account}, ${amount})`,
        );
      }
    });
  }

  it('refuses at commit a transaction that does not sum to zero, or has no entries', async () => {
    const orderId = await parties.order();
    const before = await transactionCount();
    const unbalanced = writeDirectly(orderId, [
      [accounts.buyerPayments, -100],
      [accounts.held(orderId), 90],
    ]);
    await expect(unbalanced.catch(errorText)).resolves.toMatch(/does not balance/);
    await expect(writeDirectly(orderId, []).catch(errorText)).resolves.toMatch(
      /fewer than two entries/,
    );
    expect(await transactionCount()).toBe(before);
  });

  it('refuses money taken from an order beyond what it holds, or held for another order', async () => {
    const orderId = await parties.order();
    const other = await parties.order();
    const overdraw = writeDirectly(orderId, [
      [accounts.held(orderId), -100],
      [accounts.refundsOut, 100],
    ]);
    await expect(overdraw.catch(errorText)).resolves.toMatch(/overdrawn/);
    const misplaced = writeDirectly(orderId, [
      [accounts.buyerPayments, -100],
      [accounts.held(other), 100],
    ]);
    await expect(misplaced.catch(errorText)).resolves.toMatch(/another order/);
  });

  it('refuses accounts outside the chart, and money moving the wrong way', async () => {
    const orderId = await parties.order();
    for (const entries of [
      [
        ['cash', -100],
        [accounts.held(orderId), 100],
      ],
      [
        [accounts.buyerPayments, 100],
        [accounts.held(orderId), -100],
      ],
      [
        [accounts.held(orderId), 100],
        [accounts.platformFees, -100],
      ],
    ] as [string, number][][]) {
      await expect(writeDirectly(orderId, entries).catch(errorText)).resolves.toMatch(
        /ledger_entries_account_known/,
      );
    }
  });

  it('never changes or removes a row', async () => {
    const orderId = await parties.order();
    await postTransaction(db, charge(orderId, 10_000));
    const balances = await allBalances(db);
    for (const statement of [
      sql`update ledger_entries set amount_cents = amount_cents * 2`,
      sql`delete from ledger_entries`,
      sql`truncate ledger_entries cascade`,
      sql`update ledger_transactions set description = 'changed'`,
      sql`delete from ledger_transactions`,
      sql`truncate ledger_transactions cascade`,
    ]) {
      await expect(db.execute(statement).catch(errorText)).resolves.toMatch(/append-only/);
    }
    expect(await allBalances(db)).toEqual(balances);
  });
});

describe('postings at once', () => {
  it('refund the same held money once, and post one key once, without a deadlock', async () => {
    const orderId = await parties.order();
    await postTransaction(db, charge(orderId, 10_000));
    const refunds = await Promise.allSettled(
      [1, 2, 3, 4].map((n) =>
        db.transaction((tx) =>
          postTransaction(tx, {
            kind: 'refund',
            orderId,
            key: `refund-at-once:${orderId}:${n}`,
            description: 'test refund',
            entries: refundEntries(orderId, 6_000),
          }),
        ),
      ),
    );
    expect(refunds.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of refunds.filter((r) => r.status === 'rejected'))
      expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });

    const other = await parties.order();
    const same = await Promise.all(
      [1, 2, 3].map(() => db.transaction((tx) => postTransaction(tx, charge(other, 7_000)))),
    );
    expect(new Set(same.map((p) => p.id)).size).toBe(1);
    expect(await orderMoney(db, other)).toMatchObject({ chargedCents: 7_000 });
    expect(await brokenInvariants(db)).toEqual({ unbalanced: [], overdrawn: [] });
  });
});
