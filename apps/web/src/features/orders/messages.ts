/** The texts of My orders; they load with the screen. */
export const myOrdersMessages = {
  title: 'My orders',
  caption: 'Your bookings, newest first',
  productName: 'Laptop',
  /** Names the laptop, for screen readers moving between rows. */
  detailsLabel: (name: string) => `Booking details: ${name}`,
  seller: 'Seller',
  price: 'Price',
  action: 'Status',
  pay: 'Pay now',
  payLabel: (name: string) => `Pay now: ${name}`,
  /** Each status after paying, and what it means (the badge's tooltip). */
  statuses: {
    paid: { label: 'Paid, money held', hint: 'We hold your payment until you have the laptop.' },
    disputed: { label: 'Disputed', hint: 'We hold your payment until an admin settles it.' },
    completed: { label: 'Completed', hint: 'The payment went to the seller.' },
    refunded: { label: 'Refunded', hint: 'Your payment was refunded in full.' },
    'partly-refunded': {
      label: 'Partly refunded',
      hint: 'Part of your payment was refunded; the rest went to the seller.',
    },
    'sold-to-another': { label: 'Sold', hint: 'Another buyer bought this laptop.' },
    withdrawn: { label: 'Withdrawn', hint: 'The seller took this laptop off the marketplace.' },
  },
  cancel: 'Cancel booking',
  cancelLabel: (name: string) => `Cancel booking: ${name}`,
  cancelTitle: (name: string) => `Cancel your booking of ${name}?`,
  cancelConfirm:
    'The laptop goes back on sale, and you can book it again later if it is still available.',
  keep: 'Keep booking',
  cancelSuccess: 'Your booking has been cancelled.',
  empty: 'You have not booked any laptops yet.',
  browse: 'Browse laptops',
  loadFailed: 'We could not load your orders.',
  retry: 'Try again',
};

/** The booking modal's texts; they load with the modal. */
export const bookingMessages = {
  title: 'Book this laptop',
  productName: 'Laptop',
  seller: 'Seller',
  price: 'Price',
  meetingLocation: 'Meeting place',
  meetingLocationHint: 'Where you would like to meet the seller to see the laptop.',
  phone: 'Phone number',
  phoneHint: 'The seller calls you on this number, like +1 512 555 0100.',
  submit: 'Book',
  cancel: 'Cancel',
  close: 'Close',
  success: 'Booked.',
  bookedTitle: 'Booked',
  bookedText: (name: string) =>
    `You have booked ${name}. It is yours once you pay; until then another buyer who pays first gets it.`,
  payNow: 'Pay now',
  later: 'Later',
} as const;
