import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  can,
  dealEvents,
  dealStateOf,
  dealStates,
  transition,
  type DealEvent,
  type DealFacts,
  type DealState,
} from './order-states.ts';

/** Every move the deal allows, written out again so a change to the machine shows here. */
const allowed: [DealState, DealEvent, DealState][] = [
  ['booked', 'pay', 'paid'],
  ['booked', 'cancel', 'cancelled'],
  ['booked', 'sell-to-another', 'sold-to-another'],
  ['booked', 'withdraw', 'withdrawn'],
  ['booked', 'refund-late-payment', 'refunded'],
  ['paid', 'refund-late-payment', 'paid'],
  ['paid', 'open-dispute', 'disputed'],
  ['paid', 'release', 'completed'],
  ['paid', 'refund', 'refunded'],
  ['paid', 'refund-part', 'partly-refunded'],
  ['disputed', 'refund-late-payment', 'disputed'],
  ['disputed', 'release', 'completed'],
  ['disputed', 'refund', 'refunded'],
  ['disputed', 'refund-part', 'partly-refunded'],
  ['completed', 'refund-late-payment', 'completed'],
  ['refunded', 'refund-late-payment', 'refunded'],
  ['refunded', 'sell-to-another', 'refunded'],
  ['refunded', 'withdraw', 'refunded'],
  ['partly-refunded', 'refund-late-payment', 'partly-refunded'],
  ['cancelled', 'refund-late-payment', 'refunded'],
  ['cancelled', 'sell-to-another', 'cancelled'],
  ['cancelled', 'withdraw', 'cancelled'],
  ['sold-to-another', 'cancel', 'cancelled'],
  ['sold-to-another', 'refund-late-payment', 'refunded'],
  ['withdrawn', 'cancel', 'cancelled'],
  ['withdrawn', 'refund-late-payment', 'refunded'],
];

describe('the deal state machine', () => {
  it.each(allowed)('%s --%s--> %s', (from, event, to) => {
    expect(transition(from, event)).toEqual({ ok: true, state: to });
    expect(can(from, event)).toBe(true);
  });

  it('refuses every other move with a code and a sentence', () => {
    const listed = new Set(allowed.map(([from, event]) => `${from} ${event}`));
    let refused = 0;
    for (const state of dealStates) {
      for (const event of dealEvents) {
        if (listed.has(`${state} ${event}`)) continue;
        const result = transition(state, event);
        expect(result.ok, `${state} ${event}`).toBe(false);
        if (!result.ok) {
          expect(result.refusal.code).toMatch(/^[A-Z_]+$/);
          expect(result.refusal.message).toMatch(/^[A-Z].*\.$/);
        }
        refused += 1;
      }
    }
    expect(refused).toBe(dealStates.length * dealEvents.length - allowed.length);
  });

  it.each([
    // The refusals the API has always answered with (409 and these codes and words).
    ['paid', 'pay', 'ORDER_PAID', 'This order is already paid.'],
    ['paid', 'cancel', 'ORDER_PAID', 'A paid order cannot be cancelled.'],
    ['sold-to-another', 'pay', 'PRODUCT_SOLD', 'This laptop was sold to another buyer.'],
    ['withdrawn', 'pay', 'PRODUCT_WITHDRAWN', 'This laptop is no longer for sale.'],
    ['cancelled', 'pay', 'ORDER_CANCELLED', 'This order was cancelled.'],
    ['cancelled', 'cancel', 'ORDER_CANCELLED', 'This order was cancelled.'],
    ['refunded', 'pay', 'ORDER_REFUNDED', 'The payment for this order was refunded.'],
    ['refunded', 'cancel', 'ORDER_REFUNDED', 'The payment for this order was refunded.'],
    // What protected payments will refuse.
    ['booked', 'release', 'ORDER_NOT_PAID', 'This order has not been paid.'],
    ['booked', 'open-dispute', 'ORDER_NOT_PAID', 'This order has not been paid.'],
    ['disputed', 'open-dispute', 'ORDER_DISPUTED', 'A dispute about this order is open.'],
    ['disputed', 'cancel', 'ORDER_DISPUTED', 'This order is under dispute.'],
    ['completed', 'refund', 'ORDER_COMPLETED', expect.stringContaining('gone to the seller')],
    ['completed', 'open-dispute', 'ORDER_COMPLETED', expect.stringContaining('complete')],
    ['partly-refunded', 'release', 'ORDER_REFUNDED', expect.stringContaining('partial refund')],
    ['paid', 'sell-to-another', 'ORDER_PAID', 'This order is already paid.'],
    ['withdrawn', 'sell-to-another', 'PRODUCT_WITHDRAWN', 'This laptop is no longer for sale.'],
  ] as const)('%s refuses %s: %s', (state, event, code, message) => {
    expect(transition(state, event)).toEqual({ ok: false, refusal: { code, message } });
  });

  it('ends money states for good: nothing but a late payment going back moves them', () => {
    for (const state of ['completed', 'partly-refunded'] as const) {
      const moves = dealEvents.filter((event) => can(state, event));
      expect(moves).toEqual(['refund-late-payment']);
      expect(transition(state, 'refund-late-payment')).toEqual({ ok: true, state });
    }
  });
});

/** Today's events, as the facts in the database they change. */
const facts: Partial<Record<DealEvent, Partial<DealFacts>>> = {
  pay: { paid: true, productSold: true },
  cancel: { cancelled: true },
  'sell-to-another': { productSold: true },
  withdraw: { productWithdrawn: true },
  'refund-late-payment': { refunded: true },
};
const todaysEvents = Object.keys(facts) as DealEvent[];

describe('today’s states read from the database', () => {
  it('booked with nothing else known', () => {
    expect(
      dealStateOf({
        paid: false,
        cancelled: false,
        refunded: false,
        productSold: false,
        productWithdrawn: false,
      }),
    ).toBe('booked');
  });

  it('agree with the machine over any run of today’s events', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...todaysEvents), { maxLength: 12 }), (events) => {
        let state: DealState = 'booked';
        let known: DealFacts = {
          paid: false,
          cancelled: false,
          refunded: false,
          productSold: false,
          productWithdrawn: false,
        };
        for (const event of events) {
          const next = transition(state, event);
          if (!next.ok) continue; // the service refuses it and nothing is written
          state = next.state;
          // A second payment of a paid order goes back without making it "refunded".
          if (!(event === 'refund-late-payment' && known.paid))
            known = { ...known, ...facts[event] };
          expect(dealStateOf(known)).toBe(state);
        }
      }),
      { numRuns: 500 },
    );
  });
});
