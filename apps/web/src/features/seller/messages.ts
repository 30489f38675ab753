/** The texts of the seller screens; they load with those screens. */

export const addProductMessages = {
  title: 'Add a laptop',
  intro: 'Describe your laptop honestly: buyers see every field on its card.',
  productName: 'Product name',
  location: 'Location',
  category: 'Category',
  categoryPlaceholder: 'Choose a category',
  categoriesLoading: 'Loading categories…',
  categoriesFailed: 'We could not load the categories.',
  conditionType: 'Condition',
  conditionPlaceholder: 'Choose a condition',
  mobileNumber: 'Mobile number',
  originalPrice: 'Original price',
  resalePrice: 'Resale price',
  priceHint: 'In US dollars, like 649.99',
  yearOfUse: 'Years of use',
  image: 'Photo',
  imageHint: 'JPEG, PNG or WebP, up to 5 MB.',
  description: 'Description',
  submit: 'Add laptop',
  saving: 'Adding your laptop…',
  uploading: 'Uploading the photo',
  success: 'Your laptop is now listed.',
  uploadFailed: (reason: string) =>
    `The photo could not be uploaded: ${reason.replace(/[.!\s]+$/, '')}. Your laptop was not added.`,
  saveFailed: (reason: string) =>
    `Your laptop could not be added: ${reason.replace(/[.!\s]+$/, '')}. Please check the fields and try again.`,
};

export const myProductsMessages = {
  title: 'My products',
  caption: 'Your laptops, newest first',
  addProduct: 'Add a laptop',
  name: 'Name',
  dateOfPost: 'Posted',
  price: 'Price',
  status: 'Status',
  action: 'Action',
  available: 'Available',
  sold: 'Sold',
  advertise: 'Advertise',
  /** Names the product too, for screen readers moving between rows. */
  advertiseLabel: (name: string) => `Advertise: ${name}`,
  advertised: 'Advertised',
  advertiseSuccess: (name: string) => `${name} is now advertised on the home page.`,
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete: ${name}`,
  deleteTitle: (name: string) => `Delete ${name}?`,
  deleteConfirm:
    'Delete this laptop? It comes off the marketplace, and nobody can book it any more.',
  deleteSuccess: (name: string) => `${name} was deleted.`,
  empty: 'You have not listed any laptops yet.',
  loadFailed: 'We could not load your laptops.',
  retry: 'Try again',
};

export const myBuyersMessages = {
  title: 'My buyers',
  caption: 'People who booked your laptops',
  email: 'Buyer',
  product: 'Laptop',
  /** Names the laptop and the buyer, for screen readers moving between rows. */
  detailsLabel: (laptop: string, buyer: string) => `Booking details: ${laptop}, booked by ${buyer}`,
  price: 'Price',
  payment: 'Payment',
  paid: 'Paid',
  notPaid: 'Not paid yet',
  empty: 'Nobody has booked your laptops yet.',
  loadFailed: 'We could not load your buyers.',
  retry: 'Try again',
};
