/** Cuts text to `max` characters and marks the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Dates show as the first 10 characters of the ISO timestamp (YYYY-MM-DD). */
export function shortDate(iso: string): string {
  return iso.slice(0, 10);
}

// One formatter for every price: toLocaleString with options builds a new one per call,
// and Home's two dozen prices were the costliest function of its first render.
const dollarsWithCents = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Dollars as the API gives them, shown with cents: 649 -> "$649.00". */
export function formatPrice(dollars: number): string {
  return `$${dollarsWithCents.format(dollars)}`;
}
