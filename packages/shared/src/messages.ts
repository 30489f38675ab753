import { tooLongMessage } from './fields.ts';

/**
 * Validation messages shared by forms and the server. Where SPEC.md words a
 * message, it is kept exactly as written there (including its spelling).
 */
export const contactMessages = {
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Please enter a subject',
  subjectTooLong: 'The subject can be at most 200 characters',
  messageRequired: 'Please write your message',
  messageTooLong: 'The message can be at most 5000 characters',
} as const;

/** SPEC.md section 5, Login. */
export const loginMessages = {
  emailRequired: 'Please fil the input field',
  passwordRequired: 'Please fil the password field',
} as const;

/** SPEC.md section 5, Sign up. */
export const signUpMessages = {
  nameRequired: 'Please fil the name field',
  emailRequired: 'Please fil the email field',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please fil the password field',
  passwordTooShort: 'Password should have at least 6 character',
  typeOfUserRequired: 'Please choose buyer or seller',
  pictureRequired: 'Please choose a picture',
} as const;

export const resetMessages = {
  emailRequired: 'Please fil the email field',
  emailInvalid: 'Please enter a valid email address',
} as const;

export const imageMessages = {
  missing: 'Please choose an image file.',
  tooLarge: 'The image is larger than 5 MB.',
  unsupported: 'Please choose a JPEG, PNG or WebP image.',
  unreadable: 'This file is not a readable image.',
  tooManyPixels: 'The image is too large in width and height.',
  malformed: 'The upload did not arrive whole. Please choose the image again.',
  tooMany: 'You have uploaded many images in a short time. Please wait a few minutes.',
} as const;

/** SPEC.md section 5, Add A Product, plus the format checks DESIGN.md adds. */
export const productMessages = {
  productName: 'Please fil the productName field',
  location: 'Please fil the location field',
  category: 'Please fil the category field',
  conditionType: 'Please select condition type',
  mobileNumber: 'Please fil the Mobile Number field',
  originalPrice: 'Please fil the Original Price field',
  resalePrice: 'Please fil the Resale Price field',
  yearOfUse: 'Please fil the Year Of Use field',
  description: 'Please fil the description field',
  image: 'Please choose a product image',
  priceInvalid: 'Please enter a price in dollars, like 649.99',
  pricePositive: 'The price must be more than $0',
  priceTooHigh: 'The price can be at most $100,000',
  mobileInvalid: 'Please enter a phone number, like +1 512 555 0100',
  yearsInvalid: 'Please enter whole years, from 0 to 50',
  tooLong: tooLongMessage,
  imageNotOurs: 'Please upload the product image first',
  categoryUnknown: 'Please choose one of the categories',
} as const;

/** SPEC.md section 5, Booking, plus clear refusals. */
export const bookingMessages = {
  locationRequired: 'Please fil the location field',
  phoneRequired: 'Please fil the phone number field',
  phoneInvalid: 'Please enter a phone number, like +1 512 555 0100',
  sold: 'This laptop is already sold.',
  own: 'You cannot book your own laptop.',
  alreadyBooked: 'You have already booked this laptop.',
  unavailable: 'This laptop is no longer listed.',
} as const;
