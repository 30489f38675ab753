import type { Product } from '@laptops/shared/products';
import { messages } from '../../../lib/messages.ts';
import { ProductCard } from './product-card.tsx';

type ProductGridProps = {
  /**
   * None yet (loading): grey cards in their place, `placeholders` of them (6, as many
   * as Home's advertised laptops, whose list the server cuts at 6).
   */
  products: Product[] | undefined;
  placeholders?: number;
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
  /** The hearts: save or remove a laptop, and whether it is saved. */
  onSave?: (product: Product) => void;
  isSaved?: (productId: string) => boolean;
};

/** The list's columns, which its placeholders share. */
const gridClass = 'grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3';

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
  onSave,
  isSaved,
  placeholders = 6,
}: ProductGridProps) {
  if (!products) {
    // About a card's height (a phone's row, a wider screen's stacked card), so the
    // cards take their place without moving what is below. Plain blocks: Home
    // downloads them. Hidden from screen readers: the page says it is loading.
    return (
      <ul className={gridClass} aria-hidden="true">
        {Array.from({ length: placeholders }, (_, index) => (
          <li key={index} className="h-56 skeleton sm:h-[32rem]" />
        ))}
      </ul>
    );
  }
  if (products.length === 0) {
    return <p className="py-10 text-center text-base-content/75">{messages.noLaptops}</p>;
  }
  return (
    // grid-cols-1, not an implicit column: a card never widens the page past the screen.
    <ul className={gridClass}>
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
            onSave={onSave}
            saved={isSaved?.(product._id)}
          />
        </li>
      ))}
    </ul>
  );
}
