/**
 * "★ 4.8 (12)": a seller's rating as cards and the laptop page show it, compact.
 * No zod here: Home's cards import it.
 */
export function ratingLabel(rating: { average: number; count: number }): string {
  return `★ ${rating.average.toFixed(1)} (${rating.count})`;
}
