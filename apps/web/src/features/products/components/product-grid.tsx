import type { Product } from '@laptops/shared/products';
import { messages } from '../../../lib/messages.ts';
import { ProductCard } from './product-card.tsx';

type ProductGridProps = {
  products: Product[];
  onBook: (product: Product) => void;
  onReport: (product: Product) => void;
};

export function ProductGrid({ products, onBook, onReport }: ProductGridProps) {
  if (products.length === 0) {
    return <p className="py-10 text-center text-base-content/75">{messages.noProducts}</p>;
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((product) => (
        <li key={product._id}>
          <ProductCard product={product} onBook={onBook} onReport={onReport} />
        </li>
      ))}
    </ul>
  );
}
