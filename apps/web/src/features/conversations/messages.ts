/** The texts of the inbox, the threads and "Ask the seller"; they load with those pages. */
export const conversationMessages = {
  inboxTitle: 'Messages',
  inboxEmpty: 'No conversations yet. To ask a seller about a laptop, open its page.',
  loadFailed: 'We could not load your messages.',
  retry: 'Try again',
  unread: (n: number) => (n === 1 ? '1 new' : `${n} new`),
  noMessagesYet: 'No messages yet.',
  you: 'You',
  with: (name: string) => `With ${name}`,
  about: 'About',
  sold: 'Sold',
  notFoundTitle: 'Conversation not found',
  notFoundText: 'It does not exist, or it is not yours.',
  backToInbox: 'All messages',
  loadOlder: 'Load older messages',
  messageLabel: 'Your message',
  messageHint:
    'Ask about the battery, the charger, where to meet. Phone numbers and email addresses stay hidden until there is a booking.',
  send: 'Send',
  sending: 'Sending…',
  thread: 'Messages',
  /** Before the buyer's first message. */
  firstMessage: 'Write the first message: the seller sees the conversation once you do.',
};
