import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token in an email's unsubscribe link: the user's id and an HMAC of it under the
 * app's secret, so a link turns off only the emails of the person it was sent to, and
 * nobody can make one for someone else from their id. It never expires: a link in an
 * old email still works, as mail providers expect of one-click unsubscribe (RFC 8058).
 *
 * Each kind of email signs with its own list name, so a link from one kind of email
 * cannot turn off another.
 */
export type MailingList = 'message-emails' | (string & {});

function signature(secret: string, userId: string, list: MailingList): string {
  return createHmac('sha256', secret).update(`unsubscribe:${list}:${userId}`).digest('base64url');
}

export function unsubscribeToken(
  secret: string,
  userId: string,
  list: MailingList = 'message-emails',
): string {
  return `${Buffer.from(userId, 'utf8').toString('base64url')}.${signature(secret, userId, list)}`;
}

/** The user a token was made for, or null when it was not made with this secret and list. */
export function userOfUnsubscribeToken(
  secret: string,
  token: string,
  list: MailingList = 'message-emails',
): string | null {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  const userId = Buffer.from(parts[0], 'base64url').toString('utf8');
  const expected = Buffer.from(signature(secret, userId, list));
  const given = Buffer.from(parts[1]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return userId;
}
