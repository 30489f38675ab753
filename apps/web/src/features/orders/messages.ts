/** The texts of My Orders (SPEC.md wording); they load with the screen. */

export const myOrdersMessages = {
  title: 'My Orders',
  caption: 'Your bookings, newest first',
  productName: 'Product Name',
  sellerEmail: 'Seller Email',
  price: 'Price',
  action: 'Action',
  pay: 'Pay',
  /** Names the product too, for screen readers moving between rows. */
  payLabel: (name: string) => `Pay: ${name}`,
  paid: 'Paid',
  sold: 'Sold',
  soldHint: 'Another buyer bought this laptop.',
  withdrawn: 'Withdrawn',
  withdrawnHint: 'The seller took this laptop off the marketplace.',
  cancel: 'Cancel',
  cancelLabel: (name: string) => `Cancel: ${name}`,
  cancelTitle: (name: string) => `Cancel your booking of ${name}`,
  cancelConfirm: 'Are you want to delete?',
  delete: 'Delete',
  keep: 'Keep booking',
  deleteSuccess: 'Successfully Deleted.',
  loadFailed: 'We could not load your orders.',
  retry: 'Try again',
};

/** The booking modal's texts (SPEC.md wording); they load with the modal. */
export const bookingMessages = {
  title: 'Book this laptop',
  productName: 'Product Name',
  sellerEmail: 'Seller Email',
  // Guests are not sent sellers' contact details.
  sellerEmailHidden: 'Shown once you log in',
  price: 'Price',
  meetingLocation: 'Meeting Location',
  meetingLocationHint: 'Where you would like to meet the seller to see the laptop.',
  phone: 'Phone Number',
  phoneHint: 'The seller calls you on this number, like +1 512 555 0100.',
  submit: 'Add To Book',
  cancel: 'Cancel',
  close: 'Close',
  success: 'Product Booked successfully.',
  signInToBook: 'Please log in to book this laptop.',
  logIn: 'Login',
  myOrders: 'My Orders',
} as const;
