/**
 * The sandbox takes Stripe's documented test cards and no other number: any number
 * passing the check digit used to pay (0000 0000 0000 0000 did).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { buyingKit, testCard, type Intent } from '../../test/buying-kit.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { CardError, checkTestCard } from './sandbox-provider.ts';

let t: TestContext;
let kit: ReturnType<typeof buyingKit>;
beforeAll(async () => {
  t = await createTestContext();
  kit = buyingKit(t);
});
afterAll(async () => {
  await t?.close();
});

const notATestCard = {
  error: {
    code: 'test_mode_live_card',
    message:
      'This is a test payment, so only test cards work. Use the test card 4242 4242 4242 4242, any future date and any CVC.',
  },
};

describe('the sandbox', () => {
  it.each([
    ['0000 0000 0000 0000', 'all zeros: passes the check digit'],
    ['4111 1111 1111 1111', "another processor's test Visa"],
    ['5425 2334 3010 9903', 'a Mastercard number of the right form'],
  ])(
    'refuses %s (%s) with a 402 that says to use a test card, and the order stays unpaid',
    async (number) => {
      const { product } = await kit.laptop();
      const buyer = await kit.bookedBy(product.id);
      const intent = (await kit.startPayment(buyer.cookie, buyer.orderId)).json<Intent>();

      const refused = await kit.confirm(intent, { ...testCard, number });
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toEqual(notATestCard);
      expect(
        (await kit.record(buyer.cookie, buyer.orderId, intent.paymentIntentId)).statusCode,
      ).toBe(402);
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, buyer.orderId));
      expect(order?.paid).toBe(false);

      // The same payment then goes through with a test card.
      expect((await kit.confirm(intent)).statusCode).toBe(200);
      expect(
        (await kit.record(buyer.cookie, buyer.orderId, intent.paymentIntentId)).statusCode,
      ).toBe(201);
    },
  );

  it('still tells a mistyped number apart from a real card', async () => {
    const { product } = await kit.laptop();
    const buyer = await kit.bookedBy(product.id);
    const intent = (await kit.startPayment(buyer.cookie, buyer.orderId)).json<Intent>();
    const mistyped = await kit.confirm(intent, { ...testCard, number: '4242 4242 4242 4241' });
    expect(mistyped.statusCode).toBe(402);
    expect(mistyped.json()).toEqual({
      error: { code: 'incorrect_number', message: 'Your card number is incorrect.' },
    });
  });
});

describe("Stripe's documented test cards", () => {
  const valid = { exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' };
  const outcome = (number: string) => {
    try {
      checkTestCard({ ...valid, number }, new Date());
      return 'succeeds';
    } catch (error) {
      if (error instanceof CardError) return error.code;
      throw error;
    }
  };

  it.each([
    '4242 4242 4242 4242',
    '4000 0566 5566 5556',
    '5555 5555 5555 4444',
    '2223 0031 2200 3222',
    '5200 8282 8282 8210',
    '5105 1051 0510 5100',
    '3782 822463 10005',
    '3714 496353 98431',
    '6011 1111 1111 1117',
    '6011 0009 9013 9424',
    '6011 9811 1111 1113',
    '3056 9300 0902 0004',
    '3622 720627 1667',
    '6555 9000 0060 4105',
    '3566 0020 2036 0505',
    '6200 0000 0000 0005',
    '6200 0000 0000 0047',
    '6205 5000 0000 0000 004',
  ])('%s pays', (number) => {
    expect(outcome(number)).toBe('succeeds');
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
    ['4000 0000 0000 0069', 'expired_card'],
    ['4000 0000 0000 0127', 'incorrect_cvc'],
  ])('%s fails as Stripe makes it fail: %s', (number, code) => {
    expect(outcome(number)).toBe(code);
  });
});
