/**
 * What the payment tests share: a laptop for sale, a buyer's booking of it, and the
 * calls of paying for it in the sandbox, made on the test file's app (its beforeAll
 * makes it, hence the getter).
 */
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { signIn, type TestContext } from '../../test/test-app.ts';

export type Intent = {
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
  provider: string;
};

export const goodCard = {
  number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: new Date().getFullYear() + 2,
  cvc: '123',
};

export function paymentTestKit(context: () => TestContext) {
  async function laptop(priceCents = 64999) {
    const t = context();
    const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
    const category = await createCategory(t.database.db);
    const product = await createProduct(t.database.db, {
      sellerId: seller.id,
      categoryId: category.id,
      resalePriceCents: priceCents,
      name: 'MacBook Air M2',
    });
    return { seller, product };
  }

  async function bookedBy(productId: string) {
    const t = context();
    const user = await createUser(t.database.db, { typeOfUser: 'buyer', name: 'Pat Payer' });
    const cookie = await signIn(t.app, user.email, user.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/myOrders',
      headers: { cookie },
      payload: { productId, meetingLocation: 'Cafe', buyerPhone: '+1 512 555 0100' },
    });
    return { user, cookie, orderId: response.json<{ insertedId: string }>().insertedId };
  }

  const startPayment = (cookie: string, orderId: string, extra: Record<string, unknown> = {}) =>
    context().app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie },
      payload: { orderId, ...extra },
    });

  const confirm = (intentId: string, clientSecret: string, card = goodCard) =>
    context().app.inject({
      method: 'POST',
      url: `/api/sandbox/payment_intents/${intentId}/confirm`,
      payload: {
        client_secret: clientSecret,
        card,
        billing_details: { name: 'Pat Payer', email: 'pat@example.test' },
      },
    });

  const record = (cookie: string, orderId: string, transactionId: string) =>
    context().app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { cookie },
      payload: { orderId, transactionId, price: 1, email: 'x@y.z' },
    });

  return { laptop, bookedBy, startPayment, confirm, record };
}
