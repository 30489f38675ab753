import { z } from 'zod';
import { productSchema } from './products.ts';

export const categorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
});

export type Category = z.infer<typeof categorySchema>;

/** GET /api/category/:id answers the category's name and its products. */
export const categoryWithProductsSchema = categorySchema.extend({
  products: z.array(productSchema),
});

export type CategoryWithProducts = z.infer<typeof categoryWithProductsSchema>;
