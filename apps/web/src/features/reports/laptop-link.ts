/**
 * Where a link to one laptop goes. There is no page for a single laptop yet, and the
 * search cannot be narrowed to one listing, so it is the laptop's category page, which
 * lists it (sold ones too). A laptop page, once there is one, replaces this alone.
 */
export function laptopPath(laptop: { productId: string; categoryId: string }): string {
  return `/category/${encodeURIComponent(laptop.categoryId)}`;
}
