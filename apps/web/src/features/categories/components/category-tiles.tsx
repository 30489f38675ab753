import type { Category } from '@laptops/shared/categories';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

/**
 * Home's 'Categories': each tile links to /category/{id} with the image and name.
 * Without categories (they are loading), 7 grey tiles of a tile's size, hidden from
 * screen readers (Home says it is loading).
 */
export function CategoryTiles({ categories }: { categories?: Category[] }) {
  return (
    <ul
      className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-7"
      aria-hidden={!categories}
    >
      {!categories &&
        [1, 2, 3, 4, 5, 6, 7].map((tile) => (
          <li key={tile} className="skeleton aspect-[3/2] pb-10 [box-sizing:content-box]" />
        ))}
      {categories?.map((category) => (
        <li key={category._id}>
          <Link
            to={paths.category.getHref(category._id)}
            className="group block overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            <img
              src={category.image}
              alt=""
              width={600}
              height={400}
              loading="lazy"
              decoding="async"
              className="aspect-[3/2] w-full object-cover transition group-hover:scale-105"
            />
            <span className="block px-3 py-2 text-center font-semibold">{category.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
