import { z } from 'zod';

/** Empty text means "not given", so the required message shows rather than a format one. */
export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const tooLongMessage = (max: number) => `This can be at most ${max} characters`;

/** Required, trimmed text with SPEC.md's "required" message and a length limit. */
export const requiredText = (required: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.string({ error: required }).trim().min(1, required).max(max, tooLongMessage(max)),
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
