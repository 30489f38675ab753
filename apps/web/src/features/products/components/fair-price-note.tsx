import type { FairPriceRange, ProductDetails } from '@laptops/shared/products';
import { laptopPageMessages as t } from '../laptop-page-messages.ts';

/** Whole dollars, as the range is spoken: "$1,240" (the seller's form says it alike). */
const wholeDollars = (dollars: number) => `$${Math.round(dollars).toLocaleString('en-US')}`;

/**
 * How a price compares with similar sales (decision 0048): inside the middle half of
 * their prices is "in line"; outside it, the difference from the median, in whole dollars.
 */
export function fairPriceVerdict(price: number, range: FairPriceRange): string {
  if (price >= range.low && price <= range.high) return t.fairPriceInLine;
  const difference = wholeDollars(Math.abs(price - range.median));
  return price < range.low ? t.fairPriceBelow(difference) : t.fairPriceAbove(difference);
}

/**
 * Beside the price: how it compares with what similar laptops sold for here, and what
 * that is from. The server sends a range only while the laptop is for sale and enough
 * similar sales back it (FAIR_PRICE_MIN_SALES); otherwise nothing shows.
 */
export function FairPriceNote({ product }: { product: ProductDetails }) {
  const range = product.fairPrice;
  if (!range) return null;
  // Tinted as the saving badge is: green below the range, amber above, plain within.
  const tint =
    product.resalePrice < range.low
      ? 'bg-success/15'
      : product.resalePrice > range.high
        ? 'bg-warning/20'
        : 'bg-base-200';
  return (
    <div className="flex flex-col items-start gap-1 text-sm">
      <p className={`badge h-auto border-0 py-1 font-semibold text-base-content ${tint}`}>
        {fairPriceVerdict(product.resalePrice, range)}
      </p>
      <p className="text-base-content/75">
        {t.fairPriceBasis(
          range.sales,
          range.months,
          wholeDollars(range.low),
          wholeDollars(range.high),
          wholeDollars(range.median),
        )}
      </p>
    </div>
  );
}
