import { inertText } from '../../lib/inert-text.ts';
import type { Mail } from '../../lib/mailer.ts';

/** Each message quoted up to this many characters: the rest is in the thread. */
const QUOTE_MAX = 500;

/**
 * Tells someone away that messages wait for them in a conversation: the last few as
 * text (what a person typed is made inert, so it cannot become a link in the mail app),
 * the link to the thread, and one-click unsubscribe headers (RFC 8058).
 */
export function awayEmail(input: {
  to: string;
  recipientName: string;
  senderName: string;
  laptopName: string;
  /** The last few unread messages, oldest first. */
  messages: string[];
  /** How many unread messages there are in all. */
  unread: number;
  threadUrl: string;
  profileUrl: string;
  unsubscribeUrl: string;
}): Mail {
  const sender = inertText(input.senderName);
  const laptop = inertText(input.laptopName);
  const quoted = input.messages.map((body) => {
    const text = body.length > QUOTE_MAX ? `${body.slice(0, QUOTE_MAX)}…` : body;
    return inertText(text)
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
  });
  const more = input.unread - input.messages.length;
  return {
    to: input.to,
    subject: `${sender} wrote to you about ${laptop}`,
    text:
      `Hello ${inertText(input.recipientName)},\n\n` +
      `${sender} wrote to you about "${laptop}":\n\n` +
      `${quoted.join('\n\n')}\n\n` +
      (more > 0 ? `…and ${more} more ${more === 1 ? 'message' : 'messages'}.\n\n` : '') +
      `Read and answer: ${input.threadUrl}\n\n` +
      '--\n' +
      'We email you when a message waits unread for a few minutes, once for each\n' +
      'conversation until you read it.\n' +
      `Stop these emails: ${input.unsubscribeUrl}\n` +
      `or in your profile: ${input.profileUrl}\n`,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
