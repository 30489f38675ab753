import fc from 'fast-check';
import { priceArb, someText } from './fuzz-fixtures.ts';
import { describeFuzzGroup, useFuzzMarketplace } from './fuzz-group.ts';
import { fuzzedRoutes } from './route-groups.ts';

const setup = useFuzzMarketplace();

describeFuzzGroup('fuzzing the admin routes (as an admin)', fuzzedRoutes.admin, {
  setup,
  cookie: (market) => market.admin.cookie,
  hints: (market) => ({
    id: fc.oneof(
      fc.constantFrom(...market.reports, ...market.conversationReports, ...market.disputes),
      market.anyId,
    ),
    note: someText,
    verificationId: market.anyId,
    decision: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('approve', 'reject') }, someText),
    reason: someText,
    refundAmount: fc.oneof(priceArb, fc.constantFrom('499.99', '500', '0.01')),
    days: fc.oneof(fc.constantFrom(30, 90, 365, '90'), fc.integer()),
    // Only the victims and the admin themself: the callers of other groups stay.
    email: fc.oneof(
      fc.constantFrom(...market.victims.map((user) => user.email), market.admin.email),
      fc.emailAddress(),
    ),
  }),
});
