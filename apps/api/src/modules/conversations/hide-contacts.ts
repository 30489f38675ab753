/**
 * Before a booking, phone numbers and email addresses stay off the platform's threads:
 * taking a deal elsewhere before it is made leaves the buyer without the booking's
 * protections (and the seller's number in a stranger's hands). Each is replaced by a
 * short note saying why; once a booking exists both parties see each other's phone on
 * the order page, and messages are kept as typed.
 */
export const PHONE_HIDDEN = '[phone number hidden until there is a booking]';
export const EMAIL_HIDDEN = '[email address hidden until there is a booking]';

const email = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
// Runs of digits with the separators people type in phone numbers; counted as a phone
// number from 7 digits (a year, "16 GB" or a price never has that many in a row).
const phoneLike = /\+?\d[\d\s().-]{5,}\d/g;

export function hideContacts(text: string): string {
  return text
    .replace(email, EMAIL_HIDDEN)
    .replace(phoneLike, (run) => ((run.match(/\d/g)?.length ?? 0) >= 7 ? PHONE_HIDDEN : run));
}
