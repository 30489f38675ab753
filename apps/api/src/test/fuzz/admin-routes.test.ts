import fc from 'fast-check';
import { describeFuzzGroup, useFuzzMarketplace } from './fuzz-group.ts';
import { fuzzedRoutes } from './route-groups.ts';

const setup = useFuzzMarketplace();

describeFuzzGroup('fuzzing the admin routes (as an admin)', fuzzedRoutes.admin, {
  setup,
  cookie: (market) => market.admin.cookie,
  hints: (market) => ({
    id: fc.oneof(fc.constantFrom(...market.reports, ...market.conversationReports), market.anyId),
    // Only the victims and the admin themself: the callers of other groups stay.
    email: fc.oneof(
      fc.constantFrom(...market.victims.map((user) => user.email), market.admin.email),
      fc.emailAddress(),
    ),
  }),
});
