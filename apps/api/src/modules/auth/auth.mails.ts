import type { Mail } from '../../lib/mailer.ts';

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

export function resetPasswordMail(input: { to: string; name: string; url: string }): Mail {
  return {
    to: input.to,
    subject: 'Reset your Laptop Resale password',
    text:
      `Hello ${input.name},\n\n` +
      `Someone (hopefully you) asked to reset the password of your Laptop Resale account.\n` +
      `Open this link to choose a new password. It works once, for ${RESET_TOKEN_TTL_SECONDS / 60} minutes:\n\n` +
      `${input.url}\n\n` +
      `If you did not ask for this, ignore this email: your password stays the same.\n`,
  };
}

export function welcomeMail(input: { to: string; name: string; baseURL: string }): Mail {
  return {
    to: input.to,
    subject: 'Welcome to Laptop Resale',
    text:
      `Hello ${input.name},\n\n` +
      `Welcome to Laptop Resale, the marketplace for used laptops.\n` +
      `Find your next laptop or post the one you no longer use: ${input.baseURL}/\n\n` +
      `Happy trading!\n`,
  };
}
