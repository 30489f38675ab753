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
  amount: 'Amount',
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
} as const;
