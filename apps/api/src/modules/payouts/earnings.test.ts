import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { createUser } from '../../db/seed/factories.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { refundEntries } from '../ledger/ledger-accounts.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { recordRefundedPayment } from '../ledger/payment-postings.ts';
import { csvCell } from './earnings-csv.ts';
import type { PayoutDeps } from './payout-accounts.service.ts';
import { decidePayout, payOutSeller } from './payouts.service.ts';
import { paidSale, payoutKit, release, sandboxPayoutDeps } from './payouts-test-kit.ts';

let t: TestContext;
let deps: PayoutDeps;
const kit = payoutKit(() => t);
beforeAll(async () => {
  t = await createTestContext();
  deps = sandboxPayoutDeps(t);
});
afterAll(() => t?.close());

type Line = {
  laptop: string;
  price: number;
  fee: number;
  refunded: number;
  receive: number;
  status: string;
};

/** Lets `ms` pass, so sales are paid and released in a known order. */
const later = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

async function onboard(cookie: string) {
  const { url } = (await kit.startOnboarding(cookie)).json<{ url: string }>();
  const accountId = new URL(url, 'http://x').searchParams.get('account') ?? '';
  await kit.call('POST', `/api/sandbox/accounts/${accountId}/onboard`, cookie, {
    outcome: 'complete',
  });
}

describe("a seller's earnings", () => {
  it('sums each balance from the ledger and reads each sale, newest first', async () => {
    const seller = await kit.seller();
    const db = t.database.db;
    await onboard(seller.cookie);
    // Released, then paid out.
    await kit.releasedSale(seller.user.id, 50_000, 2_500, 'Dell XPS 13');
    await payOutSeller(deps, seller.user.id);
    await later();
    // Released, and in transit: its payout decided, the transfer not yet made.
    await kit.releasedSale(seller.user.id, 30_000, 1_500, 'HP EliteBook');
    await decidePayout(deps, seller.user.id);
    await later();
    // Released and available.
    await kit.releasedSale(seller.user.id, 20_000, 1_000, 'Acer Swift');
    await later();
    // Part given back to the buyer, the rest released: available.
    const partly = await paidSale(db, seller.user.id, 40_000, 'Surface Laptop');
    await db.transaction(async (tx) => {
      await postTransaction(tx, {
        kind: 'refund',
        orderId: partly,
        key: `refund:order:${partly}`,
        description: 'part refund',
        entries: refundEntries(partly, 10_000),
      });
      await release(tx, partly, seller.user.id, 30_000, 1_500);
    });
    await later();
    // Paid, held until the handover; a second, late payment for it went back.
    const held = await paidSale(db, seller.user.id, 90_000, 'MacBook Pro');
    await recordRefundedPayment(db, {
      orderId: held,
      paymentIntentId: `pi_dup_${held}`,
      amountCents: 90_000,
      reason: 'already-paid',
    });
    // Another buyer's booking of that laptop, paid too late: never the seller's sale.
    const [heldOrder] = await db.select().from(orders).where(eq(orders.id, held));
    const latecomer = await createUser(db, { typeOfUser: 'buyer' });
    const [late] = await db
      .insert(orders)
      .values({
        productId: heldOrder!.productId,
        buyerId: latecomer.id,
        priceCents: 90_000,
        buyerPhone: '+1 512 555 0100',
        meetingLocation: 'Cafe',
      })
      .returning();
    await recordRefundedPayment(db, {
      orderId: late!.id,
      paymentIntentId: `pi_late_${late!.id}`,
      amountCents: 90_000,
      reason: 'sold',
    });
    // Another seller's sale is not in this one's earnings.
    const other = await kit.seller();
    await kit.releasedSale(other.user.id, 10_000, 500);

    const response = await kit.earnings(seller.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const earnings = response.json<{ balances: unknown; lines: Line[]; totalLines: number }>();
    expect(earnings.balances).toEqual({
      held: 900,
      available: 190 + 285,
      inTransit: 285,
      paidOut: 475,
    });
    expect(earnings.totalLines).toBe(5);
    expect(
      earnings.lines.map(({ laptop, price, fee, refunded, receive, status }) => ({
        laptop,
        price,
        fee,
        refunded,
        receive,
        status,
      })),
    ).toEqual([
      { laptop: 'MacBook Pro', price: 900, fee: 0, refunded: 0, receive: 900, status: 'held' },
      {
        laptop: 'Surface Laptop',
        price: 400,
        fee: 15,
        refunded: 100,
        receive: 285,
        status: 'available',
      },
      { laptop: 'Acer Swift', price: 200, fee: 10, refunded: 0, receive: 190, status: 'available' },
      {
        laptop: 'HP EliteBook',
        price: 300,
        fee: 15,
        refunded: 0,
        receive: 285,
        status: 'in-transit',
      },
      { laptop: 'Dell XPS 13', price: 500, fee: 25, refunded: 0, receive: 475, status: 'paid-out' },
    ]);
  });

  it('shows a new seller nothing, in zeros', async () => {
    const seller = await kit.seller();
    expect((await kit.earnings(seller.cookie)).json()).toEqual({
      balances: { held: 0, available: 0, inTransit: 0, paidOut: 0 },
      lines: [],
      totalLines: 0,
    });
    expect((await kit.payouts(seller.cookie)).json()).toEqual([]);
  });
});

describe('the earnings CSV', () => {
  it('is a download of every sale, its cells quoted and kept from running as formulas', async () => {
    const seller = await kit.seller();
    await kit.releasedSale(seller.user.id, 10_000, 500, '=HYPERLINK("http://evil.test","Click")');
    await later();
    await kit.releasedSale(seller.user.id, 20_000, 1_000, 'Lenovo Yoga, 14", like new');
    await later();
    await kit.releasedSale(seller.user.id, 30_000, 1_500, '@SUM(A1:A9)');

    const response = await kit.call('GET', '/api/earnings/csv', seller.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="earnings-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'Date,Laptop,Order,Price (USD),Fee (USD),Refunded (USD),You receive (USD),Status',
    );
    expect(lines.at(-1)).toBe('');
    const day = new Date().toISOString().slice(0, 10);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${day},'@SUM\\(A1:A9\\),[0-9a-f-]{36},300\\.00,15\\.00,0\\.00,285\\.00,Available$`,
      ),
    );
    expect(lines[2]).toContain(',"Lenovo Yoga, 14"", like new",');
    expect(lines[3]).toContain(`,"'=HYPERLINK(""http://evil.test"",""Click"")",`);
    expect(lines).toHaveLength(5);
  });

  it('quotes and guards single cells as RFC 4180 and OWASP say', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=a,b')).toBe(`"'=a,b"`);
  });
});
