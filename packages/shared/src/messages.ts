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
