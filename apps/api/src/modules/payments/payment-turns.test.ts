import { and, eq, isNotNull, sql, type AnyColumn } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { buyingKit, type Intent } from '../../test/buying-kit.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let kit: ReturnType<typeof buyingKit>;
beforeAll(async () => {
  t = await createTestContext();
  kit = buyingKit(t);
});
afterAll(async () => {
  await t?.close();
});

const HOLD_MS = 600_000;

/**
 * Moves the laptop's clock on: every time its orders and hold record (when a hold
 * started and ended, when a booking was made) moves back by `ms`, as if that much time
 * had passed since.
 */
async function timePasses(productId: string, ms: number) {
  const back = (column: AnyColumn) =>
    // Written out so a hold that has not begun (null) stays so.
    sql`${column} - make_interval(secs => ${ms / 1000})`;
  await t.database.db
    .update(orders)
    .set({ heldUntil: back(orders.heldUntil), createdAt: back(orders.createdAt) })
    .where(eq(orders.productId, productId));
  await t.database.db
    .update(products)
    .set({ heldUntil: back(products.heldUntil) })
    .where(and(eq(products.id, productId), isNotNull(products.heldUntil)));
}
const code = (response: { json: () => unknown }) =>
  (response.json() as { error?: { code: string } }).error?.code ?? 'ok';

describe('one laptop held at a time', () => {
  it('refuses a buyer a second hold while the first runs, and allows it once that one ends', async () => {
    const first = await kit.laptop();
    const second = await kit.laptop();
    const buyer = await kit.signedIn('buyer');
    const book = async (productId: string) =>
      (await kit.book(buyer.cookie, productId)).json<{ insertedId: string }>().insertedId;
    const orderA = await book(first.product.id);
    const orderB = await book(second.product.id);

    expect((await kit.startPayment(buyer.cookie, orderA)).statusCode).toBe(200);
    const refused = await kit.startPayment(buyer.cookie, orderB);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: {
        code: 'HOLD_LIMIT',
        message:
          'You are already paying for another laptop. Finish that payment, or cancel its booking, before you start another.',
      },
    });
    // Resuming the payment already under way is not a second hold.
    expect((await kit.startPayment(buyer.cookie, orderA)).statusCode).toBe(200);

    await kit.cancel(buyer.cookie, orderA);
    expect((await kit.startPayment(buyer.cookie, orderB)).statusCode).toBe(200);
  });

  it('holds one laptop when a buyer starts paying for two at once', async () => {
    const buyer = await kit.signedIn('buyer');
    const laptops = await Promise.all([1, 2, 3, 4].map(() => kit.laptop()));
    const orderIds = await Promise.all(
      laptops.map(
        async ({ product }) =>
          (await kit.book(buyer.cookie, product.id)).json<{ insertedId: string }>().insertedId,
      ),
    );
    const answers = await Promise.all(orderIds.map((id) => kit.startPayment(buyer.cookie, id)));
    expect(answers.map(code).sort()).toEqual(['HOLD_LIMIT', 'HOLD_LIMIT', 'HOLD_LIMIT', 'ok']);
  });
});

describe('after a hold ends, the laptop goes to the buyers in line, in turn', () => {
  it('gives the next turn to the buyer who has waited longest; the lapsed holder goes to the back', async () => {
    const { product } = await kit.laptop();
    const a = await kit.bookedBy(product.id);
    const b = await kit.bookedBy(product.id);
    const c = await kit.bookedBy(product.id);
    expect((await kit.startPayment(a.cookie, a.orderId)).statusCode).toBe(200);
    await timePasses(product.id, HOLD_MS + 1000);

    // B booked first of those waiting: B's turn, for one hold's length.
    const early = await kit.startPayment(c.cookie, c.orderId);
    expect(early.json()).toEqual({
      error: {
        code: 'NOT_YOUR_TURN',
        message:
          'Other buyers booked this laptop before you and get their turn to pay first. Please try again in about 10 minutes.',
      },
    });
    expect(code(await kit.startPayment(a.cookie, a.orderId))).toBe('NOT_YOUR_TURN');
    // B does not come: C's turn next, then A's.
    await timePasses(product.id, HOLD_MS);
    expect(code(await kit.startPayment(b.cookie, b.orderId))).toBe('NOT_YOUR_TURN');
    expect(code(await kit.startPayment(a.cookie, a.orderId))).toBe('NOT_YOUR_TURN');
    expect(code(await kit.startPayment(c.cookie, c.orderId))).toBe('ok');
  });

  it('opens the laptop to whoever pays first once everyone in line has had a turn', async () => {
    const { product } = await kit.laptop();
    const a = await kit.bookedBy(product.id);
    await kit.bookedBy(product.id);
    expect((await kit.startPayment(a.cookie, a.orderId)).statusCode).toBe(200);
    await timePasses(product.id, HOLD_MS + 1000);
    // B's turn, then A's; neither comes; then anyone.
    await timePasses(product.id, 2 * HOLD_MS);
    const late = await kit.bookedBy(product.id);
    expect(code(await kit.startPayment(late.cookie, late.orderId))).toBe('ok');
  });

  it('lets a buyer alone go on at once after their hold ran out', async () => {
    const { product } = await kit.laptop();
    const a = await kit.bookedBy(product.id);
    expect((await kit.startPayment(a.cookie, a.orderId)).statusCode).toBe(200);
    await timePasses(product.id, HOLD_MS + 1000);
    expect(code(await kit.startPayment(a.cookie, a.orderId))).toBe('ok');
  });

  it('sends a buyer who cancels and books again to the back of the line', async () => {
    const { product } = await kit.laptop();
    const a = await kit.bookedBy(product.id);
    const b = await kit.bookedBy(product.id);
    expect((await kit.startPayment(a.cookie, a.orderId)).statusCode).toBe(200);
    await kit.cancel(a.cookie, a.orderId);
    const again = (await kit.book(a.cookie, product.id)).json<{ insertedId: string }>();
    expect(code(await kit.startPayment(a.cookie, again.insertedId))).toBe('NOT_YOUR_TURN');
    expect(code(await kit.startPayment(b.cookie, b.orderId))).toBe('ok');
  });

  it('gets the laptop to an honest buyer whom two colluding accounts try to keep out', async () => {
    const { product } = await kit.laptop();
    // The two accounts booked first, and each starts paying the moment the laptop is
    // free, never paying, to keep it from everyone else.
    const colluders = [await kit.bookedBy(product.id), await kit.bookedBy(product.id)];
    const honest = await kit.bookedBy(product.id, 'Honest Hana');
    let honestIntent: Intent | undefined;
    for (let round = 0; round < 6 && !honestIntent; round += 1) {
      for (const colluder of colluders) await kit.startPayment(colluder.cookie, colluder.orderId);
      // The honest buyer comes back a few minutes later, after the colluders' attempts.
      const answer = await kit.startPayment(honest.cookie, honest.orderId);
      if (answer.statusCode === 200) honestIntent = answer.json<Intent>();
      else await timePasses(product.id, HOLD_MS + 1000);
    }
    expect(honestIntent).toBeDefined();
    if (!honestIntent) return;
    expect((await kit.confirm(honestIntent)).statusCode).toBe(200);
    expect(
      (await kit.record(honest.cookie, honest.orderId, honestIntent.paymentIntentId)).statusCode,
    ).toBe(201);
    const [sold] = await t.database.db
      .select({ status: products.status })
      .from(products)
      .where(eq(products.id, product.id));
    expect(sold?.status).toBe('sold');
  });
});
