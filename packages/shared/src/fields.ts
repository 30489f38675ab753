import { z } from 'zod';

/** Empty text means "not given", so the required message shows rather than a format one. */
export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const tooLongMessage = (max: number) => `This can be at most ${max} characters`;

/**
 * PostgreSQL text cannot hold the NUL character (a query with one fails), and nobody
 * types one: every text a route stores or looks up refuses it up front, as bad input.
 */
export const hasNoNul = (text: string) => !text.includes('\u0000');
export const nulMessage = 'This contains a character that is not allowed';

/** Required, trimmed text with SPEC.md's "required" message and a length limit. */
export const requiredText = (required: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: required })
      .trim()
      .min(1, required)
      .max(max, tooLongMessage(max))
      .refine(hasNoNul, nulMessage),
  );

/** A phone number: digits with the usual separators, 7 to 15 digits in all. */
export const phonePattern = /^\+?[\d\s().-]{7,20}$/;

export const phoneNumber = (required: string, invalid: string) =>
  requiredText(required, 30).pipe(
    z.string().refine((text) => {
      const digits = text.match(/\d/g)?.length ?? 0;
      return phonePattern.test(text) && digits >= 7 && digits <= 15;
    }, invalid),
  );
