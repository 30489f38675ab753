import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyReport } from '@laptops/shared/money-report';
import type { Db } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { buyingKit } from '../../test/buying-kit.ts';
import {
  chargeEntries,
  payoutEntries,
  payoutStartEntries,
  refundEntries,
  releaseEntries,
  type LedgerEntry,
} from './ledger-accounts.ts';
import { ledgerParties } from './ledger-test-kit.ts';
import { moneyReport } from './money-report.ts';

let t: TestContext;
let db: Db;

beforeAll(async () => {
  t = await createTestContext();
  db = t.database.db;
});
afterAll(() => t.close());

const DAY = 86_400_000;
/** A Monday noon (UTC): the report's "now". */
const now = new Date('2026-06-15T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

/**
 * A movement posted as if at `at`: the service always posts now, and the ledger refuses
 * changing a row afterwards, so the history is written as its migration wrote the past.
 * The database's deferred checks still run at commit.
 */
async function postAt(at: Date, kind: string, orderId: string | null, entries: LedgerEntry[]) {
  await db.transaction(async (tx) => {
    const inserted = (await tx.execute(sql`
      insert into ledger_transactions (kind, order_id, idempotency_key, description, created_at)
      values (${kind}, ${orderId}, ${`test:${crypto.randomUUID()}`}, 'test', ${at.toISOString()})
      returning id`)) as unknown as { rows: { id: string }[] };
    const id = inserted.rows[0]?.id;
    for (const entry of entries) {
      await tx.execute(sql`
        insert into ledger_entries (transaction_id, account, amount_cents, created_at)
        values (${id}, ${entry.account}, ${entry.amountCents}, ${at.toISOString()})`);
    }
  });
}

describe('the money report', () => {
  it('says there is no money yet on an empty ledger, with a zero point per day', async () => {
    const report = await moneyReport(db, { days: 30, by: 'day' }, now);
    expect(report.anyMoney).toBe(false);
    expect(report.points).toHaveLength(30);
    expect(report.totals).toEqual({ sales: 0, fees: 0, refunded: 0, paidOut: 0, held: 0 });
  });

  it('sums each day and week from the entries, with what was held at each end', async () => {
    const { seller, order } = await ledgerParties(db);
    const [a, b, c] = [await order(10_000), await order(20_000), await order(30_000)];
    await postAt(daysAgo(100), 'charge', a, chargeEntries(a, 10_000));
    await postAt(daysAgo(10), 'charge', b, chargeEntries(b, 20_000));
    await postAt(daysAgo(9), 'release', b, releaseEntries(b, seller.id, 20_000, 1_000));
    await postAt(daysAgo(2), 'charge', c, chargeEntries(c, 30_000));
    await postAt(daysAgo(2), 'refund', c, refundEntries(c, 5_000));
    await postAt(daysAgo(1), 'payout_start', null, payoutStartEntries(seller.id, 19_000));
    await postAt(daysAgo(1), 'payout', null, payoutEntries(seller.id, 19_000));

    const byDay = await moneyReport(db, { days: 30, by: 'day' }, now);
    expect(byDay).toMatchObject({ anyMoney: true, from: '2026-05-17', to: '2026-06-15' });
    expect(byDay.points).toHaveLength(30);
    // A's charge came before the period: held all along, not a sale of it.
    expect(byDay.totals).toEqual({ sales: 500, fees: 10, refunded: 50, paidOut: 190, held: 350 });
    const day = (start: string) => byDay.points.find((point) => point.start === start);
    expect(byDay.points[0]).toMatchObject({ start: '2026-05-17', sales: 0, held: 100 });
    expect(day('2026-06-05')).toEqual({
      start: '2026-06-05',
      sales: 200,
      fees: 0,
      refunded: 0,
      paidOut: 0,
      held: 300,
    });
    expect(day('2026-06-06')).toMatchObject({ fees: 10, held: 100 });
    expect(day('2026-06-13')).toMatchObject({ sales: 300, refunded: 50, held: 350 });
    expect(day('2026-06-14')).toMatchObject({ paidOut: 190, held: 350 });

    const byWeek = await moneyReport(db, { days: 30, by: 'week' }, now);
    expect(byWeek.points.map((point) => point.start)).toEqual([
      '2026-05-11',
      '2026-05-18',
      '2026-05-25',
      '2026-06-01',
      '2026-06-08',
      '2026-06-15',
    ]);
    expect(byWeek.points[3]).toMatchObject({ sales: 200, fees: 10, held: 100 });
    expect(byWeek.points[4]).toMatchObject({ sales: 300, refunded: 50, paidOut: 190, held: 350 });

    const year = await moneyReport(db, { days: 365, by: 'week' }, now);
    expect(year.totals).toMatchObject({ sales: 600, held: 350 });
    expect(year.points[0]?.held).toBe(0);
  });

  it('answers admins only, for 30, 90 or 365 days by day or week', async () => {
    const kit = buyingKit(t);
    const admin = await kit.signedIn('admin');
    const seller = await kit.signedIn('seller');
    const report = await kit.call('GET', '/api/admin/money?days=90&by=week', admin.cookie);
    expect(report.statusCode).toBe(200);
    expect(report.json<MoneyReport>()).toMatchObject({ days: 90, by: 'week', anyMoney: true });
    expect((await kit.call('GET', '/api/admin/money?days=7', admin.cookie)).statusCode).toBe(400);
    expect((await kit.call('GET', '/api/admin/money?by=month', admin.cookie)).statusCode).toBe(400);
    expect((await kit.call('GET', '/api/admin/money', seller.cookie)).statusCode).toBe(403);
  });
});
