import type { ConversationReportReason } from '@laptops/shared/conversation-safety';

/** The texts of blocking and reporting in a thread, and of the list of blocked people. */
export const safetyMessages = {
  report: 'Report this conversation',
  block: (name: string) => `Block ${name}`,
  blockTitle: (name: string) => `Block ${name}?`,
  blockConfirm: (name: string) =>
    `Neither of you will be able to send messages in any conversation you have together, and your conversations with ${name} leave your messages. ${name} is not told that you blocked them: they only see that they can no longer write to you. Bookings and orders between you stay as they are. You can unblock them here or on your profile page.`,
  blockConfirmLabel: 'Block',
  blocked: (name: string) => `You blocked ${name}.`,
  unblock: (name: string) => `Unblock ${name}`,
  unblockShort: 'Unblock',
  unblocked: (name: string) => `You unblocked ${name}. You can write to each other again.`,
  /** In place of the message box, when the viewer cannot write. */
  closed: {
    'blocked-by-you': (name: string) =>
      `You blocked ${name}. Neither of you can send messages here.`,
    closed: () => 'You can no longer send messages in this conversation.',
    suspended: () =>
      'An admin has stopped your account from sending messages. If you think this is a mistake, write to us through Contact us.',
  },
  reportDialog: {
    title: 'Report this conversation',
    intro:
      'An admin will read this conversation to check your report. The other person is not told who reported them.',
    with: 'Conversation with',
    reason: 'What is wrong?',
    reasons: {
      spam: { label: 'Spam', hint: 'Adverts, links, or the same message again and again.' },
      scam: {
        label: 'Scam or fraud',
        hint: 'Asks for payment outside the marketplace, a deposit, or your personal details.',
      },
      harassment: { label: 'Harassment', hint: 'Insults, threats or unwanted messages.' },
      other: { label: 'Other', hint: 'Tell the admin what happened below.' },
    } satisfies Record<ConversationReportReason, { label: string; hint: string }>,
    details: 'Details',
    optional: '(optional)',
    required: '(required)',
    detailsHint: (max: number) =>
      `Anything that helps the admin, up to ${max.toLocaleString('en-US')} characters.`,
    detailsHintOther: (max: number) =>
      `Needed when the reason is Other, up to ${max.toLocaleString('en-US')} characters.`,
    submit: 'Send report',
    cancel: 'Cancel',
    close: 'Close',
    success: 'Thank you. An admin will look at your report.',
  },
  blockedList: {
    title: 'People you blocked',
    text: 'They cannot write to you and you cannot write to them, and their conversations are left out of your messages.',
    empty: 'You have not blocked anyone.',
    since: 'Blocked on',
    loadFailed: 'We could not load the people you blocked.',
    retry: 'Try again',
  },
};
