/** The texts of the Earnings page and the Test mode onboarding page; they load with them. */

import type { EarningsLineStatus, PayoutAccountState } from '@laptops/shared/payouts';

export const earningsMessages = {
  title: 'Earnings',
  testMode: 'Test mode',
  testModeNote: 'Payments and payouts here are simulated: no real money moves.',
  loadFailed: 'Your earnings could not be loaded.',
  retry: 'Try again',

  balancesLabel: 'Your money',
  balances: {
    held: 'Held',
    heldHint: 'Paid by buyers, kept safe until you hand the laptop over.',
    available: 'Available',
    availableHint: 'Yours, waiting to be sent to you.',
    availableNoPayouts: 'Yours. Set up payouts to receive it.',
    inTransit: 'On its way',
    inTransitHint: 'Being sent to your payout account.',
    paidOut: 'Paid out',
    paidOutHint: 'Sent to your payout account.',
  },

  account: {
    heading: 'Payouts',
    checking: 'Checking your payout account with Stripe...',
    start: 'Set up payouts',
    continue: 'Continue setting up payouts',
    continueStripe: 'Continue with Stripe',
    checkAgain: 'Check again',
    starting: 'Opening Stripe...',
    startFailed: 'Payouts could not be set up right now.',
    states: {
      none: 'To be paid for your sales, set up payouts with Stripe, our payment partner. It takes a few minutes and needs your bank details.',
      onboarding: 'You started setting up payouts but have not finished yet.',
      'needs-info': 'Before it can pay you, Stripe asks for a few more details.',
      verifying:
        'Stripe is checking your details. This usually takes a few minutes. We will pay you as soon as it is done.',
      enabled: 'Money released to you is sent to your payout account automatically.',
    } satisfies Record<PayoutAccountState, string>,
    titles: {
      none: 'Payouts are not set up',
      onboarding: 'Finish setting up payouts',
      'needs-info': 'Stripe needs more information',
      verifying: 'Stripe is checking your details',
      enabled: 'Payouts are on',
    } satisfies Record<PayoutAccountState, string>,
    soonNeeded: 'Stripe will need a few more details from you soon to keep payouts on.',
    testModeStart:
      'In test mode, setting up payouts opens a simulated form: no bank details are asked for.',
  },

  sales: {
    heading: 'Sales',
    caption: 'Your sales and what you receive for each',
    date: 'Date',
    laptop: 'Laptop',
    price: 'Price',
    fee: 'Fee',
    refunded: 'Refunded',
    receive: 'You receive',
    status: 'Status',
    empty: 'No sales yet. When a buyer pays for one of your laptops, it shows here.',
    downloadCsv: 'Download CSV',
    downloadCsvLabel: 'Download all your sales as a CSV file',
    latestOnly: (shown: number, total: number) =>
      `Showing your latest ${shown} of ${total} sales. Download the CSV file for all of them.`,
    statuses: {
      held: 'Held until handover',
      available: 'Available',
      'in-transit': 'On its way',
      'paid-out': 'Paid out',
      refunded: 'Refunded',
    } satisfies Record<EarningsLineStatus, string>,
  },

  payouts: {
    heading: 'Payouts to you',
    caption: 'Money sent to your payout account',
    date: 'Date',
    amount: 'Amount',
    status: 'Status',
    empty: 'No payouts yet.',
    loadFailed: 'Your payouts could not be loaded.',
    statuses: { pending: 'On its way', paid: 'Paid', failed: 'Not sent' },
    failedNote:
      'This payout could not be sent. The money is back in your available balance, and we will send it again.',
  },

  returned: {
    done: 'Welcome back. Your payout account is up to date.',
    failed: 'We could not check your payout account with Stripe. Please try again.',
  },
};

export const testOnboardingMessages = {
  title: 'Set up payouts',
  badge: 'Test mode',
  intro:
    "This is a simulated version of Stripe's payout form. In test mode no bank details are asked for and no real money moves.",
  choose: 'Choose how this test ends:',
  finish: 'Finish setting up',
  finishHint: 'Payouts are turned on, as when Stripe accepts your details.',
  missing: 'Leave a detail missing',
  missingHint: 'Stripe asks for more information, as when it cannot check a document.',
  back: 'Back to Earnings without finishing',
  backPlain: 'Back to Earnings',
  saving: 'Saving...',
  failed: 'This could not be saved.',
  noAccount:
    'This link has no payout account in it. Start again from your Earnings page, with "Set up payouts".',
};
