/** Money is stored in integer cents and shown in dollars (DESIGN.md section 5). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Formats cents as a dollar amount for display, e.g. 64999 -> "$649.99". */
export function formatDollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
