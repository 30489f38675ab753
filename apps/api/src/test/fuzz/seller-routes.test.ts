import fc from 'fast-check';
import { phoneArb, priceArb, someText } from './fuzz-fixtures.ts';
import { describeFuzzGroup, useFuzzMarketplace } from './fuzz-group.ts';
import { fuzzedRoutes } from './route-groups.ts';

const setup = useFuzzMarketplace();

describeFuzzGroup('fuzzing the seller routes (as a seller)', fuzzedRoutes.seller, {
  setup,
  cookie: (market) => market.seller.cookie,
  hints: (market) => ({
    id: fc.oneof(market.anyId, fc.constant(market.payoutAccountId)),
    outcome: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('complete', 'missing-details') },
      someText,
    ),
    email: market.anyEmail,
    category: fc.oneof(fc.constant(market.category.id), fc.uuid()),
    image: fc.oneof(
      { weight: 6, arbitrary: fc.constant(market.images[0]!) },
      fc.constantFrom(market.images[1]!, '/api/images/missing.webp'),
      fc.webUrl(),
    ),
    photos: fc.oneof(
      { weight: 6, arbitrary: fc.constant([market.images[0]!]) },
      fc.constant([market.images[0]!, market.images[0]!]),
      fc.array(fc.constantFrom(market.images[0]!, market.images[1]!, '/api/images/x.webp'), {
        maxLength: 10,
      }),
    ),
    ramGb: fc.oneof(fc.constantFrom(8, 16, '32'), fc.integer({ min: -5, max: 300 })),
    storageGb: fc.oneof(fc.constantFrom(256, 512, '1024'), fc.integer({ min: 0, max: 20_000 })),
    screenInches: fc.oneof(fc.constantFrom(13.3, 14, '15.6', '14"'), fc.double()),
    batteryHealth: fc.oneof(fc.constantFrom(null, 92, '81', ''), fc.integer({ min: -1, max: 120 })),
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
