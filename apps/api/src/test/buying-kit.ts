import { createCategory, createProduct, createUser } from '../db/seed/factories.ts';
import { signIn, type TestContext } from './test-app.ts';

export type Intent = { paymentIntentId: string; clientSecret: string };

export const testCard = {
  number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: new Date().getFullYear() + 2,
  cvc: '123',
};

/** The calls of a sale through the app, as the web client makes them. */
export function buyingKit(t: TestContext) {
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

  async function signedIn(typeOfUser: 'buyer' | 'seller' | 'admin', name?: string) {
    const user = await createUser(t.database.db, { typeOfUser, ...(name ? { name } : {}) });
    return { user, cookie: await signIn(t.app, user.email, user.password) };
  }

  const book = (cookie: string, productId: string) =>
    call('POST', '/api/myOrders', cookie, {
      productId,
      meetingLocation: 'Cafe Lumen, 5th Street',
      buyerPhone: '+1 512 555 0100',
    });

  return {
    call,
    signedIn,
    book,
    /** A laptop for sale by a new seller. */
    async laptop(priceCents = 64999, name = 'MacBook Air M2') {
      const seller = await signedIn('seller', 'Sam Seller');
      const category = await createCategory(t.database.db);
      const product = await createProduct(t.database.db, {
        sellerId: seller.user.id,
        categoryId: category.id,
        resalePriceCents: priceCents,
        name,
      });
      return { seller, product };
    },
    /** A new buyer who has booked the laptop. */
    async bookedBy(productId: string, name?: string) {
      const buyer = await signedIn('buyer', name);
      const response = await book(buyer.cookie, productId);
      if (response.statusCode !== 201) throw new Error(`booking failed: ${response.body}`);
      return { ...buyer, orderId: response.json<{ insertedId: string }>().insertedId };
    },
    startPayment: (cookie: string, orderId: string) =>
      call('POST', '/api/create-payment-intent', cookie, { orderId }),
    confirm: (intent: Intent, card = testCard) =>
      call('POST', `/api/sandbox/payment_intents/${intent.paymentIntentId}/confirm`, undefined, {
        client_secret: intent.clientSecret,
        card,
        billing_details: { name: 'Pat Payer', email: 'pat@example.test' },
      }),
    record: (cookie: string, orderId: string, transactionId: string) =>
      call('POST', '/api/payments', cookie, { orderId, transactionId, price: 1, email: 'x@y.z' }),
    cancel: (cookie: string, orderId: string) => call('DELETE', `/api/myOrders/${orderId}`, cookie),
  };
}
