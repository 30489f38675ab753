import { z } from 'zod';
import { bookingMessages as m } from './messages.ts';
import { dealMoneySchema } from './deals.ts';
import { orderDisputeSchema } from './disputes.ts';
import { phoneNumber, requiredText } from './fields.ts';
import { dealStates, orderStatuses, type DealState } from './order-states.ts';

/** The booking modal's fields: where to meet and how to reach the buyer. */
export const bookingFieldsSchema = z.object({
  meetingLocation: requiredText(m.locationRequired, 200),
  buyerPhone: phoneNumber(m.phoneRequired, m.phoneInvalid),
});
export type BookingFields = z.output<typeof bookingFieldsSchema>;

/**
 * POST /api/myOrders. The original payload names the buyer's phone and the meeting
 * place `sellerMobileNumber` and `sellerLocation`; both spellings are accepted.
 * Product name, seller, price and buyer are read by the server, never from here.
 */
export const bookingInputSchema = z
  .object({
    productId: z.uuid({ message: 'Not a valid product' }),
    meetingLocation: z.unknown().optional(),
    buyerPhone: z.unknown().optional(),
    sellerLocation: z.unknown().optional(),
    sellerMobileNumber: z.unknown().optional(),
  })
  .transform((body) => ({
    productId: body.productId,
    meetingLocation: body.meetingLocation ?? body.sellerLocation,
    buyerPhone: body.buyerPhone ?? body.sellerMobileNumber,
  }))
  .pipe(bookingFieldsSchema.extend({ productId: z.string() }));

export { orderStatuses, type OrderStatus } from './order-states.ts';

/** An order as its buyer sees it (My Orders, the payment page). */
export const orderSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  thumbnail: z.string(),
  sellerName: z.string(),
  /** The original names for what the buyer typed: their phone and the meeting place. */
  sellerMobileNumber: z.string(),
  sellerLocation: z.string(),
  price: z.number(),
  paid: z.boolean(),
  /**
   * unpaid; paid (the money held until the handover); disputed; completed (the money
   * went to the seller); refunded, in full or in part; sold to another buyer ('Sold');
   * or withdrawn by the seller.
   */
  status: z.enum(orderStatuses),
  transactionId: z.string().nullable(),
  bookedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/** Where a booking stands, as its order page says it: the deal's state. */
export const orderPageStatuses = dealStates;
export type OrderPageStatus = DealState;

const partySchema = z.object({
  name: z.string(),
  /** Only while the deal is on (booked or paid); null once it is off. */
  phone: z.string().nullable(),
});

/**
 * GET /api/orders/:id: one booking as its buyer or the laptop's seller sees it: the
 * receipt, the laptop, the other party and what either may do next.
 */
export const orderDetailsSchema = z.object({
  _id: z.string(),
  /** Whether the signed-in person is this booking's buyer or the laptop's seller. */
  viewerIs: z.enum(['buyer', 'seller']),
  status: z.enum(orderPageStatuses),
  price: z.number(),
  bookedAt: z.string(),
  paidAt: z.string().nullable(),
  transactionId: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  refund: z.object({ amount: z.number(), why: z.string(), at: z.string() }).nullable(),
  product: z.object({ _id: z.string(), name: z.string(), thumbnail: z.string() }),
  buyer: partySchema,
  seller: partySchema,
  /** Only while the deal is on, like the phones. */
  meetingLocation: z.string().nullable(),
  /** The buyer may pay (the laptop is still for sale) or cancel (not paid yet). */
  canPay: z.boolean(),
  canCancel: z.boolean(),
  /** Once paid: where the money is (held, released, refunded). */
  money: dealMoneySchema.nullable(),
  /** The seller may enter the buyer's handover code (the money is held, no dispute). */
  canEnterHandoverCode: z.boolean(),
  /** The buyer may say they have the laptop, which releases the money. */
  canConfirmReceived: z.boolean(),
  /** The seller may cancel the paid deal: the buyer's money goes back in full. */
  canSellerCancel: z.boolean(),
  /** The buyer's dispute about the deal, open or settled; null when there is none. */
  dispute: orderDisputeSchema.nullable(),
  /** The buyer may open a dispute: paid, the money still held, none open yet. */
  canOpenDispute: z.boolean(),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;
