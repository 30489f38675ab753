/** The texts of the seller screens (SPEC.md wording); they load with those screens. */

export const addProductMessages = {
  title: 'Add A Product',
  intro: 'Describe your laptop honestly: buyers see every field on the product card.',
  productName: 'Product Name',
  location: 'Location',
  category: 'Category',
  categoryPlaceholder: 'Pick a category',
  categoriesLoading: 'Loading categories...',
  categoriesFailed: 'We could not load the categories.',
  conditionType: 'Condition Type',
  conditionPlaceholder: 'Pick a condition',
  mobileNumber: 'Mobile Number',
  originalPrice: 'Original Price',
  resalePrice: 'Resale Price',
  priceHint: 'In US dollars, like 649.99',
  yearOfUse: 'Year Of Use',
  image: 'Product Image',
  imageHint: 'JPEG, PNG or WebP, up to 5 MB.',
  description: 'Description',
  submit: 'Add Product',
  uploading: 'Uploading the product image',
  success: 'Product Added Successfully.',
  uploadFailed: (reason: string) =>
    `The product image could not be uploaded: ${reason.replace(/[.!\s]+$/, '')}. Your product was not added.`,
  saveFailed: (reason: string) =>
    `The product could not be added: ${reason.replace(/[.!\s]+$/, '')}. Please check the fields and try again.`,
};

export const myProductsMessages = {
  title: 'My Products',
  caption: 'Your products, newest first',
  addProduct: 'Add A Product',
  name: 'Name',
  dateOfPost: 'Date Of Post',
  price: 'Price',
  status: 'Status',
  action: 'Action',
  available: 'Available',
  sold: 'Sold',
  advertise: 'Add To Advertise',
  /** Names the product too, for screen readers moving between rows. */
  advertiseLabel: (name: string) => `Add To Advertise: ${name}`,
  advertised: 'Advertised',
  advertiseSuccess: 'Advertise Added Successfully.',
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete: ${name}`,
  deleteSuccess: 'Successfully Deleted.',
  deleteTitle: (name: string) => `Delete ${name}`,
  loadFailed: 'We could not load your products.',
  retry: 'Try again',
};

export const myBuyersMessages = {
  title: 'My Buyers',
  caption: 'People who booked your products',
  email: 'Email',
  product: 'Which Product Buy',
  price: 'Price',
  paid: 'Paid',
  notPaid: 'Not paid yet',
  loadFailed: 'We could not load your buyers.',
  retry: 'Try again',
};
