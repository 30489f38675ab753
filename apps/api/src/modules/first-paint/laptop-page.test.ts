import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirstPageData } from '@laptops/shared/first-page';
import { products } from '../../db/schema/products.ts';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let distDir: string;
let categoryId: string;
const drawn: string[] = [];

/** Stands in for the web build's renderer: says what it drew, with React's hoisted title. */
function drawPage(url: string, data: FirstPageData): string {
  if (!('product' in data)) return '<p>catalogue</p>';
  drawn.push(`${url} for ${data.session?.email ?? 'a guest'}`);
  return `<title>ignored</title><h1>${data.product.name.replaceAll('<', '&lt;')}</h1>`;
}

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-dist-'));
  const template =
    '<!doctype html><head><title>Laptop Resale: used laptops</title><meta name="description" content="The site." /></head><div id="root"></div>';
  await fs.writeFile(path.join(distDir, 'index.html'), template);
  await fs.writeFile(
    path.join(distDir, 'loading.html'),
    template.replace('</div>', 'Loading</div>'),
  );
  await fs.writeFile(path.join(distDir, 'page.html'), template);
  t = await createTestContext(
    // Pages kept as deployed (the tests' default keeps nothing).
    { WEB_DIST_DIR: distDir, PUBLIC_URL: 'https://laptops.example', LIST_CACHE_MS: '60000' },
    { renderCataloguePage: drawPage },
  );
  categoryId = (await createCategory(t.database.db, { name: 'Lenovo' })).id;
});

afterAll(async () => {
  await t?.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

async function listing(name: string) {
  const db = t.database.db;
  const seller = await createUser(db, { typeOfUser: 'seller', name: 'Sara Seller' });
  const product = await createProduct(db, {
    sellerId: seller.id,
    categoryId,
    name,
    image: '/api/images/cover.webp',
    resalePriceCents: 64_900,
  });
  await db
    .update(products)
    .set({ cpuModel: 'Core i5-1145G7', ramGb: 16, storageGb: 512, storageType: 'SSD' })
    .where(eq(products.id, product.id));
  return { seller, product };
}

describe('a laptop page as the server sends it', () => {
  it('is drawn with the laptop, titled with its name, with sharing and search tags', async () => {
    const { product } = await listing('ThinkPad T14 "Gen 2" <fast>');
    const response = await t.app.inject({ method: 'GET', url: `/laptops/${product.id}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<h1>ThinkPad T14 "Gen 2" &lt;fast></h1>');
    expect(html).not.toContain('<title>ignored</title>');
    expect(html).toContain('<title>ThinkPad T14 "Gen 2" &lt;fast&gt; · Laptop Resale</title>');
    expect(html).toMatch(
      /<meta name="description" content="\$649\.00, Good condition, Core i5-1145G7, 16 GB RAM, 512 GB SSD, /,
    );
    const url = `https://laptops.example/laptops/${product.id}`;
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain(
      '<meta property="og:title" content="ThinkPad T14 &quot;Gen 2&quot; &lt;fast&gt;">',
    );
    expect(html).toContain(
      '<meta property="og:image" content="https://laptops.example/api/images/cover.webp">',
    );
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    // No "<" inside the script: a name cannot close it.
    expect(jsonLd).not.toContain('<');
    expect(JSON.parse(jsonLd)).toMatchObject({
      '@type': 'Product',
      name: 'ThinkPad T14 "Gen 2" <fast>',
      brand: { name: 'Lenovo' },
      offers: {
        price: '649.00',
        priceCurrency: 'USD',
        itemCondition: 'https://schema.org/UsedCondition',
        availability: 'https://schema.org/InStock',
        url,
      },
    });
    expect(drawn.at(-1)).toBe(`/laptops/${product.id} for a guest`);
  });

  it("draws a signed-in visitor's page for them alone, and a sold one as out of stock", async () => {
    const { product, seller } = await listing('Dell Latitude 5420');
    const cookie = await signIn(t.app, seller.email, seller.password);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/laptops/${product.id}`,
      headers: { cookie },
    });
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(drawn.at(-1)).toBe(`/laptops/${product.id} for ${seller.email}`);

    await t.database.db.update(products).set({ status: 'sold' }).where(eq(products.id, product.id));
    const sold = await t.app.inject({ method: 'GET', url: `/laptops/${product.id}` });
    expect(sold.statusCode).toBe(200);
    expect(sold.body).toContain('https://schema.org/SoldOut');
  });

  it("draws a guest's page once for every guest, until a write comes through the app", async () => {
    const { product, seller } = await listing('Acer Swift 3');
    const before = drawn.length;
    for (let i = 0; i < 3; i += 1) {
      const page = await t.app.inject({ method: 'GET', url: `/laptops/${product.id}` });
      expect(page.body).toContain('<h1>Acer Swift 3</h1>');
    }
    expect(drawn.length - before).toBe(1);
    const cookie = await signIn(t.app, seller.email, seller.password);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/myProducts/${product.id}`,
      headers: { cookie },
      payload: { name: 'Acer Swift 3 (2022)' },
    });
    expect(edited.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/laptops/${product.id}` });
    expect(after.body).toContain('<h1>Acer Swift 3 (2022)</h1>');
  });

  it('answers 410 for a withdrawn laptop and 404 for an unknown one, kept out of search engines', async () => {
    const { product } = await listing('HP EliteBook 840');
    await t.database.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, product.id));
    const gone = await t.app.inject({ method: 'GET', url: `/laptops/${product.id}` });
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('<meta name="robots" content="noindex">');
    expect(gone.body).toContain('<title>This laptop is no longer listed. · Laptop Resale</title>');

    const unknown = await t.app.inject({
      method: 'GET',
      url: '/laptops/7b1c0a52-3a55-4a8e-9a43-1f2b3c4d5e6f',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Loading');
  });
});
