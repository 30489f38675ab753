import type { ReleaseCause } from '@laptops/shared/deals';
import type { OrderPageStatus } from '@laptops/shared/orders';

/** The texts of the order page; they load with it. */
export const orderPageMessages = {
  title: (name: string) => `Booking: ${name}`,
  loadFailed: 'We could not load this booking.',
  retry: 'Try again',
  notFoundTitle: 'Booking not found',
  notFoundText: 'This booking does not exist, or it is not one of yours.',
  status: {
    booked: 'Booked',
    paid: 'Paid, money held',
    disputed: 'Disputed',
    completed: 'Completed',
    'partly-refunded': 'Partly refunded',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
    'sold-to-another': 'Sold to another buyer',
    withdrawn: 'No longer for sale',
  } satisfies Record<OrderPageStatus, string>,
  /** What the status means for the person looking, and what to do next. */
  explain: {
    buyer: {
      booked:
        'You have booked this laptop. It is yours once you pay; until then another buyer who pays first gets it.',
      paid: 'You have paid, and we hold the money until you have the laptop. Meet the seller at the meeting place to collect it.',
      disputed: 'You opened a dispute. We keep holding the money until an admin settles it.',
      completed: 'The deal is complete: the payment went to the seller.',
      'partly-refunded':
        'The dispute was settled: part of your payment was refunded, and the rest went to the seller.',
      cancelled: 'You cancelled this booking.',
      refunded: 'Your payment was refunded in full.',
      'sold-to-another': 'Another buyer paid for this laptop first. You have not been charged.',
      withdrawn: 'The seller took this laptop off the marketplace. You have not been charged.',
    },
    seller: {
      booked: 'This buyer has booked your laptop but has not paid yet.',
      paid: 'The buyer has paid, and we hold the money until the handover. Meet them at the meeting place to hand the laptop over.',
      disputed: 'The buyer opened a dispute. We keep holding the money until an admin settles it.',
      completed: 'The deal is complete: the payment was released to you.',
      'partly-refunded':
        'The dispute was settled: part of the payment was refunded to the buyer, and the rest released to you.',
      cancelled: 'The buyer cancelled this booking.',
      refunded: "The buyer's payment was refunded.",
      'sold-to-another': 'Another buyer paid for this laptop first.',
      withdrawn: 'You took this laptop off the marketplace.',
    },
  } satisfies Record<'buyer' | 'seller', Record<OrderPageStatus, string>>,
  receipt: 'Receipt',
  amount: 'Price',
  platformFee: (percent: number) => `Platform fee (${formatPercent(percent)})`,
  noFee: 'None',
  youReceive: 'You receive',
  youReceived: 'You received',
  refunded: 'Refunded',
  completedOn: 'Completed on',
  bookedOn: 'Booked on',
  paidOn: 'Paid on',
  transactionId: 'Transaction ID',
  laptopPage: "See the laptop's page",
  cancelledOn: 'Cancelled on',
  refundedOn: 'Refunded on',
  notYet: 'Not yet',
  contact: { buyer: 'The seller', seller: 'The buyer' },
  name: 'Name',
  phone: 'Phone',
  call: (name: string) => `Call ${name}`,
  meetingPlace: 'Meeting place',
  contactHidden: 'Contact details are shown only while the booking is on.',
  payNow: 'Pay now',
  cancelBooking: 'Cancel booking',
  cancelTitle: (name: string) => `Cancel your booking of ${name}?`,
  cancelConfirm:
    'The laptop goes back on sale, and you can book it again later if it is still available.',
  keepBooking: 'Keep booking',
  cancelled: 'Your booking has been cancelled.',
  backToOrders: 'Back to My orders',
  backToBuyers: 'Back to My buyers',
  /** The panel while the money is held: what is protected, until when, what then. */
  held: {
    title: {
      buyer: (amount: string) => `Your ${amount} is held by us until you have the laptop`,
      seller: (amount: string) => `The buyer's ${amount} is held by us until the handover`,
    },
    protectedLabel: 'What is protected',
    protected: {
      buyer:
        'The seller is paid only once you have checked the laptop and shown them your code. If it is not as described, do not show the code.',
      seller: (receive: string) =>
        `The buyer has paid and the money is safe with us. You receive ${receive} as soon as you enter the buyer's code at the handover.`,
    },
    untilLabel: 'Until',
    thenLabel: 'Then',
    then: {
      buyer:
        'If you have not reported a problem by then, the money goes to the seller automatically.',
      seller:
        'If the buyer has not reported a problem by then, the money is released to you automatically.',
    },
  },
  /** After the fee: "$616.55 (after our 5% fee)", or the whole amount without one. */
  afterFee: (receive: string, percent: number) =>
    percent > 0 ? `${receive} (after our ${formatPercent(percent)} fee)` : `the full ${receive}`,
  code: {
    title: 'Your handover code',
    /** Read out digit by digit by screen readers. */
    spoken: (code: string) => code.split('').join(' '),
    show: 'Show this code to the seller once you have checked the laptop.',
    keep: 'It releases your payment to them, so keep it to yourself until then.',
  },
  checklist: {
    legend: 'Check the laptop before you show the code',
    intro: 'Tick each check as you go. Your ticks are kept on this device.',
    progress: (done: number, all: number) => `${done} of ${all} checked`,
    allDone: 'All checked. If you are happy with the laptop, show the seller your code.',
    items: [
      {
        id: 'boots',
        label: 'It powers on and starts up to the desktop',
        hint: 'Start it from off, on its battery, and again on the charger.',
      },
      {
        id: 'firmware-password',
        label: 'No firmware (BIOS) password',
        hint: 'Restart it: no password is asked for before the system starts.',
      },
      {
        id: 'not-locked',
        label: 'No Activation Lock and no device management (MDM)',
        hint: 'Mac: System Settings › General › About shows no Activation Lock, and no management profile is installed. Windows: Settings › Accounts › Access work or school lists nothing.',
      },
      {
        id: 'signed-out',
        label: "Signed out of the owner's accounts",
        hint: 'No Apple ID, Microsoft or Google account of theirs is left signed in; ideally the laptop has been reset.',
      },
      {
        id: 'battery',
        label: 'Battery health as listed',
        hint: "Mac: System Settings › Battery. Windows: run 'powercfg /batteryreport'. Compare with the laptop's page.",
      },
      {
        id: 'keyboard',
        label: 'Every key of the keyboard works',
        hint: 'Type every key once in a text editor, and try the trackpad.',
      },
      {
        id: 'ports',
        label: 'Ports and charger work',
        hint: 'Plug something into each port; the charger charges it.',
      },
      {
        id: 'screen',
        label: 'Screen without dead pixels or cracks',
        hint: 'Look at a plain white and a plain black page at full brightness.',
      },
    ],
  },
  received: {
    title: 'Got the laptop?',
    text: 'If it works as described, you can release the payment to the seller yourself.',
    button: 'I have the laptop',
    confirmTitle: (amount: string, seller: string) => `Release ${amount} to ${seller}?`,
    confirm:
      'Only confirm once the laptop is in your hands and you have checked it. The money goes to the seller at once, and this cannot be undone.',
    confirmButton: 'Yes, I have the laptop',
    notYet: 'Not yet',
    done: 'Thank you! The payment has gone to the seller.',
  },
  codeForm: {
    title: "Enter the buyer's code",
    text: 'Once the buyer has checked the laptop, they show you a 6-digit code on their order page. Enter it here to receive your money.',
    label: "Buyer's code",
    hint: '6 digits, like 123456',
    submit: 'Confirm the handover',
    required: 'Enter the 6-digit code the buyer shows you.',
    done: (receive: string) => `Handover confirmed. ${receive} is on its way to you.`,
  },
  sellerCancel: {
    title: 'Cannot hand it over?',
    text: 'If the sale cannot go ahead, cancel it: the buyer gets all their money back.',
    button: 'Cancel the sale',
    confirmTitle: (name: string) => `Cancel the sale of ${name}?`,
    confirm: (amount: string) =>
      `The buyer is refunded ${amount} in full, and your laptop goes back on sale. This cannot be undone.`,
    keep: 'Keep the sale',
    done: 'The sale is cancelled. The buyer is being refunded in full.',
  },
  /** How a finished deal ended, with the amounts and the day. */
  outcome: {
    completedTitle: { buyer: 'Deal complete', seller: 'You have been paid' },
    completed: {
      buyer: (amount: string, seller: string, on: string) => `${amount} went to ${seller} on ${on}`,
      seller: (received: string, on: string) => `${received} was released to you on ${on}`,
    },
    how: {
      buyer: {
        'handover-code': ', when they entered your code.',
        buyer: ', when you confirmed you had the laptop.',
        automatic: ', automatically, as no problem was reported in time.',
        dispute: ', once the dispute was settled.',
      },
      seller: {
        'handover-code': ", when you entered the buyer's code.",
        buyer: ', when the buyer confirmed they had the laptop.',
        automatic: ', automatically, as the buyer reported no problem in time.',
        dispute: ', once the dispute was settled.',
      },
    } satisfies Record<'buyer' | 'seller', Record<ReleaseCause, string>>,
    refundedTitle: 'Refunded in full',
    refunded: {
      buyer: (amount: string) =>
        `${amount} goes back to the card you paid with. Refunds usually show on your statement within 5 to 10 business days.`,
      seller: (amount: string) =>
        `The buyer was refunded ${amount} in full, so nothing is released to you.`,
    },
    partlyTitle: 'Settled with a partial refund',
    partly: {
      buyer: (refunded: string, rest: string) =>
        `${refunded} was refunded to you, and ${rest} went to the seller.`,
      seller: (refunded: string, received: string) =>
        `${refunded} was refunded to the buyer, and ${received} released to you.`,
    },
  },
} as const;

/** 5 -> "5%", 2.5 -> "2.5%". */
function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}
