const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** '2026-11-20T09:15:00.000Z' as the reader's local date, e.g. 'Nov 20, 2026'. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}
