/** The texts of a deal's reviews on its order page; they load with it. */
export const reviewMessages = {
  heading: 'Reviews',
  writeHeading: { buyer: 'Review the seller', seller: 'Review the buyer' },
  intro: (other: string) =>
    `How did the deal with ${other} go? Your review stays sealed until ${other} writes theirs, so neither of you reads the other’s first.`,
  daysLeft: (days: number) =>
    days <= 1 ? 'Less than a day left to write it.' : `${days} days left to write it.`,
  nudge: (other: string) => `${other} has reviewed you. Write yours to see it.`,
  rating: 'Your rating',
  star: (n: number) => (n === 1 ? '1 star' : `${n} stars`),
  stars: (n: number) => `${n} out of 5 stars`,
  body: 'Your review',
  bodyHint: (min: number, max: number) =>
    `What went well, what did not: ${min} to ${max} characters. It is published under your name.`,
  submit: 'Publish my review',
  submitting: 'Sending…',
  written: 'Thank you. Your review is in.',
  sealed: (other: string, date: string) =>
    `Your review is sealed until ${other} writes theirs or until ${date}.`,
  yours: (other: string) => `Your review of ${other}`,
  theirs: (other: string) => `${other}’s review of you`,
  hidden: 'An admin hid this review after a report: only you and the admins can read it.',
  closed: 'The time to review this deal is over.',
  noReviews: 'Neither of you wrote a review.',
  theyDidNotWrite: (other: string) => `${other} did not write a review.`,
  replyFrom: (name: string) => `Reply from ${name}`,
  replyLabel: 'Reply to this review',
  replyHint: (max: number) => `Once, in public, at most ${max} characters.`,
  replySubmit: 'Publish my reply',
  replied: 'Your reply is published.',
  loadFailed: 'We could not load the reviews.',
  retry: 'Try again',
} as const;
