import {
  disputeReasonText,
  type DisputeOutcome,
  type DisputeReason,
} from '@laptops/shared/disputes';
import { formatDollars } from '@laptops/shared/money';
import { inertText } from '../../lib/inert-text.ts';
import type { Mail } from '../../lib/mailer.ts';

/*
 * What a dispute's people are told by email. What the buyer or the admin typed is made
 * inert, so it cannot become a link in a mail app; the whole story is on the order page
 * and in the deal's thread.
 */

/** To the seller, when the buyer opens a dispute: the money stays held; answer in the thread. */
export function disputeOpenedSellerMail(input: {
  to: string;
  sellerName: string;
  productName: string;
  reason: DisputeReason;
  details: string;
  orderUrl: string;
}): Mail {
  return {
    to: input.to,
    subject: `The buyer opened a dispute: ${input.productName}`,
    text:
      `Hello ${input.sellerName},\n\n` +
      `The buyer of "${input.productName}" says something went wrong: ` +
      `${disputeReasonText[input.reason]}.\n\n` +
      `What they wrote:\n${inertText(input.details)}\n\n` +
      `Their payment stays held until an admin settles the dispute. Please answer in your ` +
      `conversation with the buyer, which the admin reads before deciding:\n${input.orderUrl}\n`,
  };
}

/** To an admin, when a dispute is opened: there is one to settle. */
export function disputeOpenedAdminMail(input: {
  to: string;
  productName: string;
  heldCents: number;
  reason: DisputeReason;
  consoleUrl: string;
}): Mail {
  return {
    to: input.to,
    subject: `New dispute: ${input.productName}`,
    text:
      `A buyer opened a dispute about "${input.productName}" ` +
      `(${disputeReasonText[input.reason]}). ${formatDollars(input.heldCents)} is held until ` +
      `it is settled.\n\nRead it and settle it here:\n${input.consoleUrl}\n`,
  };
}

/** What each side is told a settlement gave them. */
function settlementLine(
  side: 'buyer' | 'seller',
  outcome: DisputeOutcome,
  money: { refundCents: number; sellerCents: number },
): string {
  const refund = formatDollars(money.refundCents);
  const released = formatDollars(money.sellerCents);
  if (side === 'buyer') {
    if (outcome === 'release') return 'The payment was released to the seller.';
    return (
      `${refund} is being refunded to your card` +
      (outcome === 'refund' ? ' (your payment in full)' : '') +
      '; it usually shows within 5 to 10 business days.'
    );
  }
  if (outcome === 'refund') return `The buyer's payment of ${refund} is being refunded in full.`;
  if (outcome === 'refund-part')
    return `${refund} is being refunded to the buyer, and ${released} (after the platform fee) is yours.`;
  return `${released} (after the platform fee) is yours and will be paid out to your account.`;
}

/** To the buyer or the seller, when an admin settles the dispute. */
export function disputeSettledMail(input: {
  to: string;
  name: string;
  side: 'buyer' | 'seller';
  productName: string;
  outcome: DisputeOutcome;
  refundCents: number;
  sellerCents: number;
  note: string;
  orderUrl: string;
}): Mail {
  return {
    to: input.to,
    subject: `Dispute settled: ${input.productName}`,
    text:
      `Hello ${input.name},\n\n` +
      `An admin settled the dispute about "${input.productName}". ` +
      `${settlementLine(input.side, input.outcome, input)}\n\n` +
      `Note from the admin:\n${inertText(input.note)}\n\n` +
      `See the order: ${input.orderUrl}\n`,
  };
}
