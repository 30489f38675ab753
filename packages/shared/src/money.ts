/** Money is stored in integer cents; the API and the pages speak dollars. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Formats cents as a dollar amount for display, e.g. 64999 -> "$649.99". */
export function formatDollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
