import { formatDollars } from '@laptops/shared/money';
import { inertText } from '../../lib/inert-text.ts';
import type { Mail } from '../../lib/mailer.ts';

/** One saved laptop's news: its price dropped, or another buyer booked it. */
export type SavedLaptopNews = {
  name: string;
  url: string;
  /** The price now and the one the saver last heard of, in cents, when it dropped. */
  drop?: { nowCents: number; wasCents: number };
  /** Someone else booked it: it may be sold soon. */
  soldSoon: boolean;
};

function lines(news: SavedLaptopNews): string {
  const name = inertText(news.name);
  const said: string[] = [];
  if (news.drop) {
    said.push(
      `"${name}" is now ${formatDollars(news.drop.nowCents)}, was ${formatDollars(news.drop.wasCents)}.`,
    );
  }
  if (news.soldSoon) {
    said.push(
      news.drop
        ? 'Another buyer has booked it, so it may be sold soon.'
        : `Another buyer has booked "${name}", so it may be sold soon.`,
    );
  }
  return `${said.join('\n')}\nSee it: ${news.url}`;
}

function subject(news: SavedLaptopNews[]): string {
  const [only] = news;
  if (news.length > 1 || !only) return `News about ${news.length} laptops you saved`;
  const name = inertText(only.name);
  if (only.drop) {
    return `The ${name} you saved is now ${formatDollars(only.drop.nowCents)}, was ${formatDollars(only.drop.wasCents)}`;
  }
  return `The ${name} you saved may be sold soon`;
}

/**
 * Tells someone what changed about laptops they saved: each price drop (now and was)
 * and each laptop another buyer booked, with its link, and one-click unsubscribe
 * headers (RFC 8058). The seller's laptop name is made inert, as what people type is.
 */
export function savedLaptopsMail(input: {
  to: string;
  recipientName: string;
  news: SavedLaptopNews[];
  savedUrl: string;
  profileUrl: string;
  unsubscribeUrl: string;
}): Mail {
  return {
    to: input.to,
    subject: subject(input.news),
    text:
      `Hello ${inertText(input.recipientName)},\n\n` +
      `${input.news.length > 1 ? 'Laptops you saved have news' : 'A laptop you saved has news'}:\n\n` +
      `${input.news.map(lines).join('\n\n')}\n\n` +
      `All your saved laptops: ${input.savedUrl}\n\n` +
      '--\n' +
      'We email you when a laptop you saved gets cheaper, and once when another buyer\n' +
      'books it.\n' +
      `Stop these emails: ${input.unsubscribeUrl}\n` +
      `or in your profile: ${input.profileUrl}\n`,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
