import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { payoutAccounts } from '../../db/schema/payout-accounts.ts';
import {
  createCategory,
  createPaidOrder,
  createProduct,
  createUser,
} from '../../db/seed/factories.ts';
import { signIn, type TestContext } from '../test-app.ts';
import { uploadTestImage } from '../upload-helper.ts';

/**
 * A small marketplace for the fuzzers to aim at: real rows made through the factories
 * and the API, so that well-formed cases reach past "not found" into the real rules.
 */
export async function createFuzzMarketplace(t: TestContext) {
  const db = t.database.db;
  const signedIn = async (typeOfUser: 'buyer' | 'seller' | 'admin') => {
    const user = await createUser(db, { typeOfUser });
    return { ...user, cookie: await signIn(t.app, user.email, user.password) };
  };
  const admin = await signedIn('admin');
  const seller = await signedIn('seller');
  const otherSeller = await signedIn('seller');
  const buyer = await signedIn('buyer');
  const otherBuyer = await signedIn('buyer');
  const category = await createCategory(db);
  const image = await uploadTestImage(t.app, seller.cookie);
  const otherImage = await uploadTestImage(t.app, otherSeller.cookie);

  const products = [];
  for (let index = 0; index < 6; index++) {
    products.push(
      await createProduct(db, {
        sellerId: index % 2 === 0 ? seller.id : otherSeller.id,
        categoryId: category.id,
        image: index % 2 === 0 ? image : otherImage,
        isAdvertised: index < 2,
        status: index === 5 ? 'sold' : 'available',
      }),
    );
  }

  const book = async (cookie: string, productId: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/myOrders',
      headers: { cookie },
      payload: { productId, meetingLocation: 'Library', buyerPhone: '+1 512 555 0100' },
    });
    if (response.statusCode !== 201) throw new Error(`booking failed: ${response.body}`);
    return response.json<{ insertedId: string }>().insertedId;
  };
  const orders = [
    await book(buyer.cookie, products[0]!.id),
    await book(buyer.cookie, products[1]!.id),
    await book(otherBuyer.cookie, products[2]!.id),
  ];
  const intents = [];
  // One payment under way per buyer: a buyer holds one laptop at a time.
  const payers = [
    [buyer.cookie, orders[0]],
    [otherBuyer.cookie, orders[2]],
  ] as const;
  for (const [cookie, orderId] of payers) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie },
      payload: { orderId },
    });
    if (response.statusCode !== 200) throw new Error(`payment intent failed: ${response.body}`);
    intents.push(response.json<{ clientSecret: string; paymentIntentId: string }>());
  }
  const reports = [];
  for (const product of products.slice(0, 3)) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { cookie: buyer.cookie },
      payload: { productId: product.id, reason: 'scam', reportText: 'Looks like a scam' },
    });
    if (response.statusCode !== 201) throw new Error(`report failed: ${response.body}`);
    reports.push(response.json<{ insertedId: string }>().insertedId);
  }

  // Conversations (with a message each way) and a report of one, for the routes about them.
  const conversations = [];
  for (const [product, sellerCookie] of [
    [products[0]!, seller.cookie],
    [products[1]!, otherSeller.cookie],
  ] as const) {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { cookie: buyer.cookie },
      payload: { productId: product.id },
    });
    // Booking the laptop above started it already (201 new, 200 as it is).
    if (started.statusCode >= 300) throw new Error(`conversation failed: ${started.body}`);
    const { conversationId } = started.json<{ conversationId: string }>();
    for (const [cookie, body] of [
      [buyer.cookie, 'Is it still available?'],
      [sellerCookie, 'Yes, it is.'],
    ] as const) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversationId}/messages`,
        headers: { cookie },
        payload: { body },
      });
      if (sent.statusCode !== 201) throw new Error(`message failed: ${sent.body}`);
    }
    conversations.push(conversationId);
  }
  const conversationReport = await t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversations[0]}/reports`,
    headers: { cookie: seller.cookie },
    payload: { reason: 'harassment', reportText: 'Rude messages' },
  });
  if (conversationReport.statusCode !== 201)
    throw new Error(`conversation report failed: ${conversationReport.body}`);
  const conversationReports = [conversationReport.json<{ reportId: string }>().reportId];

  // The seller's payout account, as far as its onboarding link: the id the sandbox's
  // Test mode onboarding route takes, and Stripe's account.updated events name.
  const onboarding = await t.app.inject({
    method: 'POST',
    url: '/api/payout-account/onboarding',
    headers: { cookie: seller.cookie },
  });
  if (onboarding.statusCode !== 200) throw new Error(`onboarding failed: ${onboarding.body}`);
  const [payoutAccount] = await db
    .select({ id: payoutAccounts.accountId })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, seller.id));
  const payoutAccountId = payoutAccount?.id ?? 'acct_none';
  // Two laptops the buyer paid for: one disputed (for the admins' console), one not yet.
  const paidOrders = [];
  for (let index = 0; index < 2; index++) {
    const product = await createProduct(db, { sellerId: seller.id, categoryId: category.id });
    paidOrders.push(
      (await createPaidOrder(db, { productId: product.id, buyerId: buyer.id, priceCents: 50_000 }))
        .id,
    );
  }
  const buyerImage = await uploadTestImage(t.app, buyer.cookie);
  const opened = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${paidOrders[0]}/dispute`,
    headers: { cookie: buyer.cookie },
    payload: { reason: 'does-not-work', details: 'It does not start.', photos: [buyerImage] },
  });
  if (opened.statusCode !== 201) throw new Error(`dispute failed: ${opened.body}`);
  const listed = await t.app.inject({
    method: 'GET',
    url: '/api/admin/disputes',
    headers: { cookie: admin.cookie },
  });
  const disputes = listed.json<{ _id: string }[]>().map((dispute) => dispute._id);

  const victims = [];
  for (const typeOfUser of ['buyer', 'buyer', 'seller', 'seller', 'admin'] as const) {
    victims.push(await createUser(db, { typeOfUser }));
  }

  const ids = [
    category.id,
    ...products.map((product) => product.id),
    ...orders,
    ...reports,
    ...conversations,
    ...conversationReports,
    ...paidOrders,
    ...disputes,
    admin.id,
    seller.id,
  ];
  const emails = [admin, seller, otherSeller, buyer, otherBuyer, ...victims].map(
    (user) => user.email,
  );
  return {
    admin,
    seller,
    otherSeller,
    buyer,
    otherBuyer,
    category,
    images: [image, otherImage],
    products,
    orders,
    intents,
    reports,
    conversations,
    conversationReports,
    payoutAccountId,
    paidOrders,
    disputes,
    buyerImage,
    victims,
    /** Any id of ours (wrong kind on purpose half of the time), or a random one. */
    anyId: fc.oneof(fc.constantFrom(...ids), fc.uuid()),
    /** An email that exists (sometimes with odd case and spaces), or a random one. */
    anyEmail: fc.oneof(
      fc.constantFrom(...emails),
      fc.constantFrom(...emails).map((email) => ` ${email.toUpperCase()} `),
      fc.emailAddress(),
    ),
  };
}

export type FuzzMarketplace = Awaited<ReturnType<typeof createFuzzMarketplace>>;

/** Phone numbers as people type them, good and bad. */
export const phoneArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '+1 512 555 0100',
      '(512) 555-0100',
      '5125550100',
      '+44 20 7946 0958',
    ),
  },
  { weight: 1, arbitrary: fc.stringMatching(/^\+?[\d\s().-]{5,22}$/) },
);

/** Prices as forms and scripts send them: numbers, text with $ and commas, nonsense. */
export const priceArb = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 100_000 }) },
  fc.double({ min: -10, max: 200_000, noNaN: true }),
  fc.constantFrom('$1,200.50', '650', '0', '-5', '1e3', '12.345', '99999.99', '100000.01'),
);

/** Text that is there: most fields are required. */
export const someText = fc.string({ minLength: 1, maxLength: 60 }).map((text) => `${text}x`);
