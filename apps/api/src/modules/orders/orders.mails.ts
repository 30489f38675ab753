import { formatDollars } from '@laptops/shared/money';
import { inertText } from '../../lib/inert-text.ts';
import type { Mail } from '../../lib/mailer.ts';

/**
 * Tells a seller about a booking. What the buyer typed (their name, phone, meeting place)
 * is made inert, so it cannot become a link in the seller's mail app; the buyer's
 * details and the booking are on the order page the mail links to.
 */
export function bookingNoticeMail(input: {
  to: string;
  sellerName: string;
  productName: string;
  buyerName: string;
  buyerPhone: string;
  meetingLocation: string;
  priceCents: number;
  orderUrl: string;
}): Mail {
  return {
    to: input.to,
    subject: `New booking: ${input.productName}`,
    text:
      `Hello ${input.sellerName},\n\n` +
      `${inertText(input.buyerName)} booked your laptop "${input.productName}" for ${formatDollars(input.priceCents)}.\n` +
      `Phone: ${inertText(input.buyerPhone)}\nMeeting place: ${inertText(input.meetingLocation)}\n\n` +
      `See the booking: ${input.orderUrl}\n\n` +
      `We will email you again when the buyer has paid.\n`,
  };
}

export function receiptMail(input: {
  to: string;
  buyerName: string;
  productName: string;
  amountCents: number;
  transactionId: string;
  sellerEmail: string;
}): Mail {
  return {
    to: input.to,
    subject: `Receipt: ${input.productName}`,
    text:
      `Hello ${input.buyerName},\n\n` +
      `Thank you for your payment of ${formatDollars(input.amountCents)} for "${input.productName}".\n` +
      `Transaction ID: ${input.transactionId}\n\n` +
      `We hold your payment until you have the laptop. At the meeting, check the laptop with ` +
      `the checklist on your order page, then show the seller your handover code there: ` +
      `that releases the payment. If something is wrong, open a dispute instead and we keep ` +
      `holding the money.\n\n` +
      `The seller (${input.sellerEmail}) will get in touch to arrange where and when to hand the laptop over.\n`,
  };
}

export function saleNoticeMail(input: {
  to: string;
  sellerName: string;
  productName: string;
  amountCents: number;
  buyerEmail: string;
}): Mail {
  return {
    to: input.to,
    subject: `Sold: ${input.productName}`,
    text:
      `Hello ${input.sellerName},\n\n` +
      `${input.buyerEmail} has paid ${formatDollars(input.amountCents)} for your laptop "${input.productName}".\n` +
      `Please get in touch with the buyer to arrange the handover. We hold the payment ` +
      `until then: at the meeting, the buyer shows you a 6-digit handover code; enter it ` +
      `on the order page to be paid.\n`,
  };
}

export function refundMail(input: {
  to: string;
  buyerName: string;
  productName: string;
  amountCents: number;
  /** Why, as the payment page said it (payments.service.ts). */
  why: string;
}): Mail {
  return {
    to: input.to,
    subject: `Refunded: ${input.productName}`,
    text:
      `Hello ${input.buyerName},\n\n` +
      `About "${input.productName}": ${input.why}\n\n` +
      `Your payment of ${formatDollars(input.amountCents)} has been refunded in full.\n`,
  };
}
