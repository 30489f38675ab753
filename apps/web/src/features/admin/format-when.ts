const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** '2026-11-20T09:15:00.000Z' as the reader's local date and time, e.g. 'Nov 20, 2026, 9:15 AM'. */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
