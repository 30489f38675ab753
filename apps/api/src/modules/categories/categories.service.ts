import { asc, eq } from 'drizzle-orm';
import type { Category, CategoryWithProducts } from '@laptops/shared/categories';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema/categories.ts';
import { notFound } from '../../lib/http-error.ts';
import { listCategoryProducts } from '../products/products.service.ts';

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.name));
  return rows.map((row) => ({ _id: row.id, name: row.name, image: row.image }));
}

export async function getCategoryWithProducts(db: Db, id: string): Promise<CategoryWithProducts> {
  const [category] = await db.select().from(categories).where(eq(categories.id, id));
  if (!category) throw notFound('This category does not exist.');
  return {
    _id: category.id,
    name: category.name,
    image: category.image,
    products: await listCategoryProducts(db, id),
  };
}
