import type { Product } from '@laptops/shared/products';
import { messages } from '../../../lib/messages.ts';
import { ProductCard } from './product-card.tsx';

type ProductGridProps = {
  products: Product[];
  onBook: (product: Product) => void;
  onReport: (product: Product) => void;
  onAsk: (product: Product) => void;
  /** The viewer's unpaid booking of a laptop: its card offers to pay. */
  bookingOf?: (productId: string) => string | undefined;
  /**
   * The grid is the first thing on its page (search, category): the first row's
   * pictures load at once, the very first with high priority (it is usually the
   * largest paint); the rest wait until they are scrolled near.
   */
  aboveTheFold?: boolean;
  /** The cards' heading level: 3 under a section's h2 (Home), 2 right under the h1. */
  headingLevel?: 2 | 3;
};

/** Up to three cards share a row (lg). */
const FIRST_ROW = 3;

export function ProductGrid({
  products,
  onBook,
  onReport,
  onAsk,
  bookingOf,
  aboveTheFold = false,
  headingLevel = 3,
}: ProductGridProps) {
  if (products.length === 0) {
    return <p className="py-10 text-center text-base-content/75">{messages.noLaptops}</p>;
  }
  return (
    // grid-cols-1, not an implicit column: a card never widens the page past the screen.
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            onBook={onBook}
            onReport={onReport}
            onAsk={onAsk}
            bookingId={bookingOf?.(product._id)}
            imageLoading={
              aboveTheFold && index === 0
                ? 'priority'
                : aboveTheFold && index < FIRST_ROW
                  ? 'eager'
                  : 'lazy'
            }
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
