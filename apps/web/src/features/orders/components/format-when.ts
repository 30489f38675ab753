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

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/**
 * How far off a time is, roughly: "in 3 days", "in 5 hours", "in 20 minutes"; nothing
 * once it has come (the page is about to say what happened).
 */
export function formatTimeLeft(iso: string, now = Date.now()): string {
  const minutes = Math.round((new Date(iso).getTime() - now) / 60_000);
  if (minutes < 1) return '';
  if (minutes >= 36 * 60) return relative.format(Math.round(minutes / (24 * 60)), 'day');
  if (minutes >= 90) return relative.format(Math.round(minutes / 60), 'hour');
  return relative.format(minutes, 'minute');
}
