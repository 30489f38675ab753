/*
 * The order page's dates, in the viewer's own language and time zone: a receipt's
 * "Nov 27, 2026, 3:15 PM", and the release time spelled out in full, "Monday,
 * November 30 at 3:15 PM", since that is the one to act before.
 */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const releaseTime = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function formatWhen(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function formatReleaseTime(iso: string): string {
  return releaseTime.format(new Date(iso));
}
