import fc from 'fast-check';
import { disputeReasons } from '@laptops/shared/disputes';
import { phoneArb, someText } from './fuzz-fixtures.ts';
import { describeFuzzGroup, useFuzzMarketplace } from './fuzz-group.ts';
import { fuzzedRoutes } from './route-groups.ts';

const setup = useFuzzMarketplace();

describeFuzzGroup('fuzzing the buyer routes (as a buyer)', fuzzedRoutes.buyer, {
  setup,
  cookie: (market) => market.buyer.cookie,
  hints: (market) => {
    const productIds = market.products.map((product) => product.id);
    return {
      id: fc.oneof(fc.constantFrom(...market.paidOrders), market.anyId),
      email: market.anyEmail,
      productId: fc.oneof(fc.constantFrom(...productIds), fc.uuid()),
      orderId: fc.oneof(fc.constantFrom(...market.orders), market.anyId),
      transactionId: fc.oneof(
        fc.constantFrom(...market.intents.map((intent) => intent.paymentIntentId)),
        fc.string({ minLength: 1, maxLength: 40 }),
      ),
      buyerPhone: phoneArb,
      sellerMobileNumber: phoneArb,
      meetingLocation: fc.string({ minLength: 1, maxLength: 60 }),
      sellerLocation: fc.string({ minLength: 1, maxLength: 60 }),
      reason: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...disputeReasons) }, fc.string()),
      details: someText,
      photos: fc.oneof(
        { weight: 4, arbitrary: fc.constant([market.buyerImage]) },
        fc.array(fc.constantFrom(market.buyerImage, market.images[0]!, '/api/images/x.webp'), {
          maxLength: 6,
        }),
      ),
    };
  },
});
