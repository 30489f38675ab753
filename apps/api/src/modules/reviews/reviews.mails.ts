import { inertText } from '../../lib/inert-text.ts';
import type { Mail } from '../../lib/mailer.ts';

/**
 * To the side that has not reviewed yet, once, when the other writes theirs: it stays
 * sealed until they write their own or the window closes. The review itself is not in
 * the mail (it is sealed); names are made inert, so they cannot become links.
 */
export function reviewedYouMail(input: {
  to: string;
  recipientName: string;
  authorName: string;
  productName: string;
  daysLeft: number;
  orderUrl: string;
}): Mail {
  const author = inertText(input.authorName);
  const days = input.daysLeft === 1 ? '1 day' : `${input.daysLeft} days`;
  return {
    to: input.to,
    subject: `${author} has reviewed your deal — write yours within ${days} to see it`,
    text:
      `Hello ${inertText(input.recipientName)},\n\n` +
      `${author} has reviewed your deal for "${inertText(input.productName)}". ` +
      `Their review stays sealed until you write yours, so neither of you reads the ` +
      `other's first. Write yours within ${days} to see it; after that, their review is ` +
      `published on its own.\n\n` +
      `Write your review: ${input.orderUrl}\n`,
  };
}
