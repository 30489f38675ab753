import { formatDollars } from '@laptops/shared/money';
import type { Mail } from '../../lib/mailer.ts';

const dateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const when = (at: Date) => `${dateTime.format(at)} UTC`;

/** To the seller, when held money is released to them. */
export function releasedMail(input: {
  to: string;
  sellerName: string;
  productName: string;
  receivedCents: number;
  feeCents: number;
  earningsUrl: string;
}): Mail {
  const fee =
    input.feeCents > 0 ? ` (after the platform fee of ${formatDollars(input.feeCents)})` : '';
  return {
    to: input.to,
    subject: `Payment released: ${input.productName}`,
    text:
      `Hello ${input.sellerName},\n\n` +
      `The deal for "${input.productName}" is complete. ${formatDollars(input.receivedCents)}${fee} ` +
      `is now yours and will be paid out to your account.\n\n` +
      `See your earnings: ${input.earningsUrl}\n`,
  };
}

/** To the buyer, before the held money is released by itself. */
export function buyerReminderMail(input: {
  to: string;
  buyerName: string;
  productName: string;
  releaseAt: Date;
  orderUrl: string;
}): Mail {
  return {
    to: input.to,
    subject: `Your payment for ${input.productName} will be released soon`,
    text:
      `Hello ${input.buyerName},\n\n` +
      `We are holding your payment for "${input.productName}". On ${when(input.releaseAt)} it ` +
      `goes to the seller.\n\n` +
      `If you have the laptop and it is as described, there is nothing to do (or confirm it ` +
      `now on your order page). If something is wrong, open a dispute before then, and we ` +
      `keep holding the money until it is settled:\n${input.orderUrl}\n`,
  };
}

/** To the seller, before the held money is released to them by itself. */
export function sellerReminderMail(input: {
  to: string;
  sellerName: string;
  productName: string;
  releaseAt: Date;
  orderUrl: string;
}): Mail {
  return {
    to: input.to,
    subject: `Payment for ${input.productName} is due on ${dateTime.format(input.releaseAt)}`,
    text:
      `Hello ${input.sellerName},\n\n` +
      `The buyer's payment for "${input.productName}" is released to you on ` +
      `${when(input.releaseAt)}, unless the buyer opens a dispute before then. If you ` +
      `have handed the laptop over, enter the buyer's handover code on the order page to ` +
      `be paid at once:\n${input.orderUrl}\n`,
  };
}

/** To the buyer, when the seller cancels a paid deal. */
export function sellerCancelledMail(input: {
  to: string;
  buyerName: string;
  productName: string;
  amountCents: number;
}): Mail {
  return {
    to: input.to,
    subject: `Cancelled by the seller: ${input.productName}`,
    text:
      `Hello ${input.buyerName},\n\n` +
      `The seller cancelled the sale of "${input.productName}". Your payment of ` +
      `${formatDollars(input.amountCents)} is being refunded in full to your card; it ` +
      `usually shows within 5 to 10 business days.\n`,
  };
}
