import { inertText } from '../../lib/inert-text.ts';
import type { Mail } from '../../lib/mailer.ts';

export type AlertSearch = {
  /** The search in words ("“thinkpad” · Lenovo · under $500"). */
  description: string;
  resultsUrl: string;
  /** Stops this one search's emails. */
  unsubscribeUrl: string;
  laptops: { name: string; priceCents: number; url: string }[];
};

const price = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 ? 2 : 0 })}`;

/**
 * New laptops for someone's saved searches: each search in words with its new laptops
 * (name, price, link), a link to its results and to stop its emails; a link to manage
 * every alert; one-click unsubscribe headers (RFC 8058) for the searches in this email.
 * What sellers typed (a laptop's name) is made inert, so it cannot become a link.
 */
export function savedSearchAlertEmail(input: {
  to: string;
  recipientName: string;
  kind: 'instant' | 'daily';
  searches: AlertSearch[];
  manageUrl: string;
  /** Stops the emails of every search in this email. */
  unsubscribeUrl: string;
}): Mail {
  const total = input.searches.reduce((sum, search) => sum + search.laptops.length, 0);
  const laptops = total === 1 ? 'a new laptop' : `${total} new laptops`;
  const first = input.searches[0];
  const subject =
    input.kind === 'daily'
      ? `Today’s saved search digest: ${laptops}`
      : input.searches.length === 1 && first
        ? `${total === 1 ? 'A new laptop' : `${total} new laptops`} for ${first.description}`
        : `${total} new laptops for your saved searches`;
  const sections = input.searches.map((search) =>
    [
      inertText(search.description),
      ...search.laptops.map(
        (laptop) => `  • ${inertText(laptop.name)}, ${price(laptop.priceCents)}\n    ${laptop.url}`,
      ),
      `  See all results: ${search.resultsUrl}`,
      `  Stop emails for this search: ${search.unsubscribeUrl}`,
    ].join('\n'),
  );
  return {
    to: input.to,
    subject: inertText(subject),
    text:
      `Hello ${inertText(input.recipientName)},\n\n` +
      (input.kind === 'daily'
        ? `Here ${total === 1 ? 'is' : 'are'} ${laptops} posted for your saved searches since yesterday.\n\n`
        : `We found ${laptops} for your saved ${input.searches.length === 1 ? 'search' : 'searches'}.\n\n`) +
      `${sections.join('\n\n')}\n\n` +
      '--\n' +
      'You get these emails because you saved a search on Laptop Resale.\n' +
      `Manage your alerts: ${input.manageUrl}\n` +
      `Stop the emails of the searches in this email: ${input.unsubscribeUrl}\n`,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
