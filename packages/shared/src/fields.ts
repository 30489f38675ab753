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

// Anything but spaces, format characters (zero-width ones), combining marks and the
// letters that draw nothing (Hangul fillers, the blank Braille pattern).
const visibleCharacter = /[^\s\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** Text of only invisible characters shows as blank: on a card, a report, a mail. */
export const hasVisibleCharacter = (text: string) => visibleCharacter.test(text);

// A text-direction override makes what follows read backwards ("\u202Egnp.exe" shows
// as "exe.png"); control characters other than whitespace draw nothing or garble; half
// of a character (a lone surrogate) would be stored as "\uFFFD". Embeddings, isolates
// and direction marks, which right-to-left text and phone apps put in, are kept.
const disallowedCharacter = /(?![\t\n\v\f\r\u0085])\p{Cc}|[\u202D\u202E]|\p{Cs}/u;

/** What people write: no NUL, other control characters or direction overrides (above). */
export const isPlainText = (text: string) => !disallowedCharacter.test(text);

// Line breaks, which a one-line field's input never holds (only an API client can send
// them): a card or a table would show them as spaces.
const lineBreak = /[\n\v\f\r\u0085\u2028\u2029]/;

/** Text for a one-line field (a name, a place, a subject). */
export const isOneLine = (text: string) => !lineBreak.test(text);
export const oneLineMessage = 'This must be on one line';

/**
 * A one-line field's tabs as spaces: an input keeps a tab pasted from a spreadsheet
 * ("Boston,<tab>MA"), which looks like a space there, so refusing it as a line break
 * named nothing the visitor could see.
 */
export const tabsToSpaces = (text: string) => text.replaceAll('\t', ' ');

/**
 * Required, trimmed text with its field's "required" message and a length limit; text of
 * only invisible characters counts as not given. One line unless `multiline`.
 */
export const requiredText = (
  required: string,
  max: number,
  { multiline = false }: { multiline?: boolean } = {},
) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: required })
      .overwrite((text) => (multiline ? text : tabsToSpaces(text)))
      .trim()
      .min(1, required)
      .max(max, tooLongMessage(max))
      .refine(isPlainText, nulMessage)
      .refine((text) => multiline || isOneLine(text), oneLineMessage)
      .refine(hasVisibleCharacter, required),
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
