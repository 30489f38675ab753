import fc from 'fast-check';
import { unsubscribeToken } from '../../modules/users/unsubscribe-token.ts';
import { testAuthSecret } from '../test-app.ts';
import type { FuzzMarketplace } from './fuzz-fixtures.ts';
import { describeFuzzGroup, useFuzzMarketplace } from './fuzz-group.ts';
import type { Hints } from './schema-arbitrary.ts';
import { fuzzedRoutes } from './route-groups.ts';

const setup = useFuzzMarketplace();

function hintsFor(market: FuzzMarketplace, route: string): Hints {
  if (route === 'POST /api/sandbox/payment_intents/:id/confirm') {
    return {
      id: fc.constantFrom(...market.intents.map((intent) => intent.paymentIntentId)),
      client_secret: fc.constantFrom(...market.intents.map((intent) => intent.clientSecret)),
      number: fc.constantFrom(
        '4242 4242 4242 4242',
        '4000000000000002',
        '4000000000009995',
        '4000000000000069',
        '4000000000000127',
      ),
      exp_month: fc.integer({ min: 1, max: 12 }),
      exp_year: fc.integer({ min: 2020, max: 2040 }),
      cvc: fc.stringMatching(/^\d{3,4}$/),
    };
  }
  if (route.endsWith(' /api/unsubscribe/messages')) {
    // A real link's token (the app's test secret), one for a user that does not exist, or junk.
    return {
      token: fc.oneof(
        fc.constantFrom(...market.victims.map((user) => unsubscribeToken(testAuthSecret, user.id))),
        fc.string().map((id) => unsubscribeToken(testAuthSecret, id)),
        fc.string(),
      ),
    };
  }
  return {
    id: market.anyId,
    category: fc.oneof(fc.constant(market.category.id), fc.uuid(), fc.constant('')),
    key: fc.oneof(
      fc.constantFrom(...market.images.map((url) => url.split('/').pop()!)),
      fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}\.webp$/),
    ),
    email: market.anyEmail,
    // A made-up cursor is refused; most searches start at the first page.
    cursor: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, fc.string()),
  };
}

describeFuzzGroup('fuzzing the public routes (as a guest)', fuzzedRoutes.public, {
  setup,
  hints: hintsFor,
});
