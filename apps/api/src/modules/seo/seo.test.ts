import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/products.ts';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://laptops.example' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('robots.txt and the sitemaps', () => {
  it('lets crawlers read the catalogue, not the dashboard or the API, and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('Disallow: /dashboard/');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Sitemap: https://laptops.example/sitemap.xml');
  });

  it('lists the laptops for sale, not sold or withdrawn ones, and the site pages', async () => {
    const db = t.database.db;
    const seller = await createUser(db, { typeOfUser: 'seller' });
    const category = await createCategory(db);
    const forSale = await createProduct(db, { sellerId: seller.id, categoryId: category.id });
    const sold = await createProduct(db, {
      sellerId: seller.id,
      categoryId: category.id,
      status: 'sold',
    });
    const withdrawn = await createProduct(db, { sellerId: seller.id, categoryId: category.id });
    await db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, withdrawn.id));

    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.body).toContain('<loc>https://laptops.example/sitemaps/pages.xml</loc>');
    expect(index.body).toContain('<loc>https://laptops.example/sitemaps/laptops-0.xml</loc>');

    const laptops = await get('/sitemaps/laptops-0.xml');
    expect(laptops.statusCode).toBe(200);
    expect(laptops.body).toContain(`<loc>https://laptops.example/laptops/${forSale.id}</loc>`);
    expect(laptops.body).not.toContain(sold.id);
    expect(laptops.body).not.toContain(withdrawn.id);

    const pages = await get('/sitemaps/pages.xml');
    expect(pages.body).toContain('<loc>https://laptops.example/conditions</loc>');
    expect(pages.body).toContain(`<loc>https://laptops.example/category/${category.id}</loc>`);
  });

  it('answers 404 for a sitemap that does not exist', async () => {
    expect((await get('/sitemaps/laptops-99.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/laptops-x.xml')).statusCode).toBe(404);
  });
});
