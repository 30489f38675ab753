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
} as const;
