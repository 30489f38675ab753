import { tooLongMessage } from './fields.ts';

/**
 * Validation messages shared by forms and the server: a form shows the same words
 * before sending as the server answers after.
 */
export const contactMessages = {
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Please enter a subject',
  subjectTooLong: 'The subject can be at most 200 characters',
  messageRequired: 'Please write your message',
  messageTooLong: 'The message can be at most 5000 characters',
} as const;

export const loginMessages = {
  emailRequired: 'Please enter your email',
  passwordRequired: 'Please enter your password',
} as const;

export const signUpMessages = {
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter a password',
  passwordTooShort: 'The password must be at least 6 characters long',
  typeOfUserRequired: 'Please choose buyer or seller',
  pictureRequired: 'Please choose a picture',
} as const;

export const resetMessages = {
  emailRequired: 'Please enter your email',
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
  photoTooSmall: (width: number, height: number, minSide: number) =>
    `This photo is ${width} × ${height} pixels. Please use one at least ${minSide} pixels on its shorter side, so buyers can see the laptop up close.`,
} as const;

/** Add a laptop: each field's required message, then the format checks. */
export const productMessages = {
  productName: 'Please fill in the product name',
  location: 'Please fill in the location',
  category: 'Please choose a category',
  conditionType: 'Please choose a condition',
  mobileNumber: 'Please fill in the mobile number',
  originalPrice: 'Please fill in the original price',
  resalePrice: 'Please fill in the resale price',
  yearOfUse: 'Please fill in the years of use',
  description: 'Please fill in the description',
  image: 'Please choose a photo of the laptop',
  priceInvalid: 'Please enter a price in dollars, like 649.99',
  pricePositive: 'The price must be more than $0',
  priceTooHigh: 'The price can be at most $100,000',
  mobileInvalid: 'Please enter a phone number, like +1 512 555 0100',
  yearsInvalid: 'Please enter whole years, from 0 to 50',
  tooLong: tooLongMessage,
  imageNotOurs: 'Please upload the photo first',
  categoryUnknown: 'Please choose one of the categories',
} as const;

/** A listing's specs and photos. */
export const specMessages = {
  cpuFamily: 'Please choose the processor family',
  cpuModel: 'Please fill in the processor model, like Core i5-8350U or M1',
  ramGb: 'Please fill in the memory (RAM) in GB',
  ramInvalid: 'Please enter the memory in whole GB, from 1 to 256',
  storageGb: 'Please fill in the storage in GB',
  storageInvalid: 'Please enter the storage in whole GB, from 8 to 16384 (16 TB)',
  storageType: 'Please choose the storage type',
  screenInches: 'Please fill in the screen size in inches',
  screenInvalid: 'Please enter the screen size in inches, from 10 to 20, like 13.3',
  resolutionInvalid: 'Please enter the resolution as width × height, like 1920 x 1080',
  batteryInvalid: 'Please enter the battery health as a percentage, from 1 to 100',
  batteryBelowGrade: (grade: string, min: number) =>
    `${grade} promises a battery at ${min}% or more: choose a lower grade, or check the battery health`,
  cyclesInvalid: 'Please enter the battery cycle count as a whole number, up to 5000',
  chargerInvalid: 'Please say whether the charger is included',
  tooManyPhotos: 'A listing can have at most 8 photos',
  samePhotoTwice: 'The same photo is in the listing twice',
  nothingToChange: 'Nothing to change was sent',
} as const;

/** Booking, plus clear refusals. */
export const bookingMessages = {
  locationRequired: 'Please fill in the meeting place',
  phoneRequired: 'Please fill in your phone number',
  phoneInvalid: 'Please enter a phone number, like +1 512 555 0100',
  sold: 'This laptop is already sold.',
  own: 'You cannot book your own laptop.',
  alreadyBooked: 'You have already booked this laptop.',
  unavailable: 'This laptop is no longer listed.',
} as const;

/** Opening a dispute (the buyer) and settling it (an admin). */
export const disputeMessages = {
  reasonRequired: 'Please choose what went wrong',
  detailsRequired: 'Please say what is wrong',
  tooManyPhotos: 'You can add at most 4 photos',
  noteRequired: 'Please write a note for the buyer and the seller',
  amountRequired: 'Please enter the amount to refund',
  amountInvalid: 'Please enter an amount in dollars, like 120 or 120.50',
  amountPositive: 'The refund must be more than $0.00',
  /** The held amount, formatted: a part refund is less than all of it. */
  amountTooHigh: (held: string) =>
    `A partial refund must be less than the ${held} held. To give it all back, choose a full refund.`,
} as const;
