import fc from 'fast-check';
import { phoneArb, priceArb, someText } from './fuzz-fixtures.ts';
import { describeFuzzGroup, useFuzzMarketplace } from './fuzz-group.ts';
import { fuzzedRoutes } from './route-groups.ts';

const setup = useFuzzMarketplace();

describeFuzzGroup('fuzzing the seller routes (as a seller)', fuzzedRoutes.seller, {
  setup,
  cookie: (market) => market.seller.cookie,
  hints: (market) => ({
    id: market.anyId,
    email: market.anyEmail,
    category: fc.oneof(fc.constant(market.category.id), fc.uuid()),
    image: fc.oneof(
      { weight: 6, arbitrary: fc.constant(market.images[0]!) },
      fc.constantFrom(market.images[1]!, '/api/images/missing.webp'),
      fc.webUrl(),
    ),
    mobileNumber: phoneArb,
    originalPrice: priceArb,
    resalePrice: priceArb,
    name: someText,
    location: someText,
    description: someText,
    yearsOfUse: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 0, max: 50 }) },
      fc.integer({ min: -2, max: 60 }),
      fc.constantFrom('3', ' 4 ', '2.5'),
    ),
  }),
});
