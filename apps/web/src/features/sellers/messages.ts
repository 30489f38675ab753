import type { ReplyTime } from '@laptops/shared/sellers';

/** The texts of a seller's profile; they load with the page. */
export const sellerPageMessages = {
  notFoundTitle: 'There is no such seller',
  notFoundText:
    'This profile does not exist, or the account was closed. Their laptops may still be found by searching.',
  browse: 'Browse laptops',
  loadFailed: 'We could not load this profile',
  retry: 'Try again',

  verified: 'Verified seller',
  whatVerified: 'What does verified mean?',
  verifiedText:
    'One of our admins has checked this seller and marked them as verified. It tells you who you are dealing with; it does not mean we have inspected their laptops.',
  topSeller: 'Top seller',
  topSellerRules: 'How sellers become Top sellers',
  memberSince: (date: string) => `Member since ${date}`,
  laptopsSold: (n: number) => (n === 1 ? '1 laptop sold' : `${n} laptops sold`),
  replyTime: {
    hour: 'Usually replies within an hour',
    hours: 'Usually replies within a few hours',
    day: 'Usually replies within a day',
  } satisfies Record<ReplyTime, string>,
  rating: (average: number, count: number) =>
    `Rated ${average.toFixed(1)} out of 5 from ${count === 1 ? '1 review' : `${count} reviews`}`,
  reviewCount: (n: number) => (n === 1 ? '1 review' : `${n} reviews`),
  noRatingYet: 'No ratings yet',

  laptops: 'Laptops for sale',
  laptopsCount: (shown: number, all: number) =>
    all > shown ? `The newest ${shown} of ${all}` : all === 1 ? '1 laptop' : `${all} laptops`,
  noLaptops: 'No laptops for sale right now.',

  reviews: 'Reviews',
  noReviews: 'No reviews yet',
  noReviewsText: 'Buyers can review this seller once a deal with them is complete.',
  stars: (n: number) => `${n} out of 5 stars`,
  reviewBy: (name: string) => `${name}`,
  sellerReply: (name: string) => `Reply from ${name}`,
  moreReviews: 'Show more reviews',
  moreFailed: 'We could not load more reviews. Please try again.',

  report: 'Report',
  reportLabel: (name: string) => `Report ${name}’s review`,
  reportTitle: 'Report this review',
  reportIntro:
    'Tell us what breaks the rules: insults, personal details, spam, or a review about something else. An admin will read it.',
  reportReason: 'What is wrong with it?',
  reportHint: (min: number, max: number) => `Between ${min} and ${max} characters.`,
  reportTooShort: (min: number) => `Please write at least ${min} characters.`,
  reportTooLong: (max: number) => `Please keep it under ${max} characters.`,
  reportSend: 'Send report',
  reportCancel: 'Cancel',
  reportThanks: 'Thanks, an admin will look at it.',
  reportSignIn: 'Please log in to report a review.',
  logIn: 'Log in',
};
