/**
 * Where a deal stands and what may happen next: one machine for the server's rules and
 * the web client's buttons. Pure, without zod, so the client imports it for free.
 *
 * Today a deal is booked, paid (the laptop sold to its buyer), cancelled, refunded (a
 * payment that came too late went back), sold to another buyer or withdrawn. Protected
 * payments add: paid money held until handover, then released (completed), disputed, or
 * refunded in full or in part (the rest released).
 */

export const dealStates = [
  'booked',
  'paid',
  'disputed',
  'completed',
  'refunded',
  'partly-refunded',
  'cancelled',
  'sold-to-another',
  'withdrawn',
] as const;
export type DealState = (typeof dealStates)[number];

/**
 * Where a booking stands in the lists (My orders, My buyers): the deal's state, with a
 * booking not paid yet named `unpaid`. `paid` is paid with the money still held.
 */
export const orderStatuses = [
  'unpaid',
  'paid',
  'disputed',
  'completed',
  'refunded',
  'partly-refunded',
  'sold-to-another',
  'withdrawn',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** A deal's state as the lists name it. */
export function orderStatusOf(state: DealState): OrderStatus {
  // The lists leave cancelled bookings out; `unpaid` only completes the mapping.
  if (state === 'booked' || state === 'cancelled') return 'unpaid';
  return state;
}

export const dealEvents = [
  /** The buyer's payment is recorded as the sale (today: start paying, or a payment arriving). */
  'pay',
  /** The buyer cancels the booking. */
  'cancel',
  /** Another buyer's payment bought the laptop. */
  'sell-to-another',
  /** The laptop was taken off the market (its seller, an admin, a deleted account). */
  'withdraw',
  /** A payment that could no longer buy the laptop went back to the buyer. */
  'refund-late-payment',
  /** The buyer says the handover went wrong; the held money stays held. */
  'open-dispute',
  /** The held money goes to the seller: handover confirmed, or a dispute decided for them. */
  'release',
  /** All the held money goes back to the buyer. */
  'refund',
  /** Part of the held money goes back to the buyer and the rest to the seller. */
  'refund-part',
] as const;
export type DealEvent = (typeof dealEvents)[number];

export type Refusal = { code: string; message: string };
export type Transition = { ok: true; state: DealState } | { ok: false; refusal: Refusal };

/** Every allowed move; anything not listed is refused. */
const moves: Record<DealState, Partial<Record<DealEvent, DealState>>> = {
  booked: {
    pay: 'paid',
    cancel: 'cancelled',
    'sell-to-another': 'sold-to-another',
    withdraw: 'withdrawn',
    'refund-late-payment': 'refunded',
  },
  // A second payment for a paid order goes back; the deal it paid for goes on.
  paid: {
    'refund-late-payment': 'paid',
    'open-dispute': 'disputed',
    release: 'completed',
    refund: 'refunded',
    'refund-part': 'partly-refunded',
  },
  disputed: {
    'refund-late-payment': 'disputed',
    release: 'completed',
    refund: 'refunded',
    'refund-part': 'partly-refunded',
  },
  completed: { 'refund-late-payment': 'completed' },
  // What happens to the laptop afterwards does not reopen a deal that is over.
  refunded: {
    'refund-late-payment': 'refunded',
    'sell-to-another': 'refunded',
    withdraw: 'refunded',
  },
  'partly-refunded': { 'refund-late-payment': 'partly-refunded' },
  cancelled: {
    'refund-late-payment': 'refunded',
    'sell-to-another': 'cancelled',
    withdraw: 'cancelled',
  },
  // The buyer may still remove a booking that can no longer be paid from their list.
  'sold-to-another': { cancel: 'cancelled', 'refund-late-payment': 'refunded' },
  withdrawn: { cancel: 'cancelled', 'refund-late-payment': 'refunded' },
};

type Refusals = Refusal & { for?: Partial<Record<DealEvent, Refusal>> };

/** Why each state refuses what it does not allow: its usual reason, or one per event. */
const refusals: Record<DealState, Refusals> = {
  booked: { code: 'ORDER_NOT_PAID', message: 'This order has not been paid.' },
  paid: {
    code: 'ORDER_PAID',
    message: 'This order is already paid.',
    for: { cancel: { code: 'ORDER_PAID', message: 'A paid order cannot be cancelled.' } },
  },
  disputed: {
    code: 'ORDER_DISPUTED',
    message: 'This order is under dispute.',
    for: {
      'open-dispute': { code: 'ORDER_DISPUTED', message: 'A dispute about this order is open.' },
    },
  },
  completed: {
    code: 'ORDER_COMPLETED',
    message: 'This deal is complete: the money has gone to the seller.',
  },
  refunded: { code: 'ORDER_REFUNDED', message: 'The payment for this order was refunded.' },
  'partly-refunded': {
    code: 'ORDER_REFUNDED',
    message: 'This deal was settled with a partial refund.',
  },
  cancelled: { code: 'ORDER_CANCELLED', message: 'This order was cancelled.' },
  'sold-to-another': { code: 'PRODUCT_SOLD', message: 'This laptop was sold to another buyer.' },
  withdrawn: { code: 'PRODUCT_WITHDRAWN', message: 'This laptop is no longer for sale.' },
};

/** The state after `event`, or why it cannot happen in `state`. */
export function transition(state: DealState, event: DealEvent): Transition {
  const next = moves[state][event];
  if (next) return { ok: true, state: next };
  const { code, message, for: byEvent } = refusals[state];
  return { ok: false, refusal: byEvent?.[event] ?? { code, message } };
}

export function can(state: DealState, event: DealEvent): boolean {
  return transition(state, event).ok;
}

/** What the database says about a booking. */
export type DealFacts = {
  paid: boolean;
  cancelled: boolean;
  /** A payment for it went back (a late one, or the deal's own). */
  refunded: boolean;
  productSold: boolean;
  productWithdrawn: boolean;
  /**
   * Where a paid deal's money went; without it a paid deal reads as `paid` (enough to
   * decide on paying and cancelling, which any paid state refuses alike).
   */
  settlement?: PaidDealFacts;
};

/** A paid deal's own money: released, refunded (in full or in part), or held under a dispute. */
export type PaidDealFacts = {
  /** The money (or what was not refunded) went to the seller. */
  completed: boolean;
  /** Given back to the buyer out of the deal's own payment (late payments aside). */
  refundedCents: number;
  disputeOpen: boolean;
};

/**
 * The state from the facts, in the order the order page has always read them: a
 * paid order is paid (or what became of its money); else a refund is what the buyer
 * most needs to know; then a cancellation; then what happened to the laptop.
 */
export function dealStateOf(facts: DealFacts): DealState {
  if (facts.paid) return facts.settlement ? paidDealState(facts.settlement) : 'paid';
  if (facts.refunded) return 'refunded';
  if (facts.cancelled) return 'cancelled';
  if (facts.productSold) return 'sold-to-another';
  if (facts.productWithdrawn) return 'withdrawn';
  return 'booked';
}

function paidDealState(facts: PaidDealFacts): DealState {
  if (facts.completed) return facts.refundedCents > 0 ? 'partly-refunded' : 'completed';
  if (facts.refundedCents > 0) return 'refunded';
  return facts.disputeOpen ? 'disputed' : 'paid';
}
