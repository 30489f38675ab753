import {
  dealStateOf,
  transition,
  type DealEvent,
  type DealState,
  type TodaysDealState,
} from '@laptops/shared/order-states';
import { HttpError } from '../../lib/http-error.ts';

/**
 * A booking's state from its rows. The services decide on the rows they lock, the
 * order and its laptop; the order page also reads refunds (`refunded`).
 */
export function dealStateOfRows(
  order: { paid: boolean; cancelledAt: Date | null },
  product: { status: string; deletedAt: Date | null },
  refunded = false,
): TodaysDealState {
  return dealStateOf({
    paid: order.paid,
    cancelled: order.cancelledAt !== null,
    refunded,
    productSold: product.status === 'sold',
    productWithdrawn: product.deletedAt !== null,
  });
}

/** The state after `event`, or a 409 saying why it cannot happen now. */
export function requireTransition(state: DealState, event: DealEvent): DealState {
  const next = transition(state, event);
  if (!next.ok) throw new HttpError(409, next.refusal.code, next.refusal.message);
  return next.state;
}
