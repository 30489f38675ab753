import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LaptopPageData } from '@laptops/shared/first-page';
import { keySpecs } from '@laptops/shared/laptop-specs';
import type { ProductDetails } from '@laptops/shared/products';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { FirstPaint } from '../../plugins/static-client.ts';
import { getProductDetails } from '../products/product-page.service.ts';
import {
  drawRecordPage,
  escapeAttribute,
  scriptJson,
  type RenderCataloguePage,
} from './first-paint.ts';

const SITE = 'Laptop Resale';

/**
 * A laptop's page (/laptops/:id) as links, shares and search engines first see it:
 * drawn here with the laptop, titled with its name, with the tags that make a shared
 * link a card (Open Graph), a `Product` with its `Offer` for search engines
 * (schema.org JSON-LD), and its one address (canonical). A withdrawn laptop answers
 * 410 and an unknown id 404, so search engines drop them; the app then says so.
 */
export async function laptopPage(
  app: FastifyInstance,
  db: Db,
  render: RenderCataloguePage | undefined,
  publicUrl: string,
  request: FastifyRequest,
  id: string,
): Promise<FirstPaint> {
  const viewer = await request.getViewer();
  const apiPath = `/api/products/${id}`;
  let product: ProductDetails;
  try {
    // A guest's laptop is every guest's, and the one GET /api/products/:id keeps.
    product = viewer
      ? await getProductDetails(db, id, viewer)
      : (JSON.parse(
          (await app.listCache.remember(`product:${id}`, () => getProductDetails(db, id, null)))
            .json,
        ) as ProductDetails);
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 410)) {
      return {
        status: error.statusCode,
        head: ['<meta name="robots" content="noindex">'],
        title: `${error.message} · ${SITE}`,
      };
    }
    throw error;
  }

  const url = `${publicUrl}/laptops/${product._id}`;
  const cover = product.photos[0];
  const head = [
    `<link rel="canonical" href="${escapeAttribute(url)}">`,
    ...openGraph(product, url, publicUrl),
    `<script type="application/ld+json">${scriptJson(structuredData(product, url, publicUrl))}</script>`,
    cover
      ? `<link rel="preload" as="image" imagesrcset="${escapeAttribute(`${cover.thumbnail} 640w, ${cover.url} 1600w`)}" imagesizes="(min-width: 1024px) 58vw, 100vw" fetchpriority="high">`
      : '',
  ];
  const paint = {
    title: `${product.name} · ${SITE}`,
    description: summary(product),
    personal: viewer !== null,
  };
  const data: LaptopPageData = { session: viewer, product };
  return drawRecordPage({
    request,
    render,
    path: `/laptops/${product._id}`,
    data,
    apiPath,
    paint,
    head,
  });
}

/** One line for search results and link cards: price, grade and the key specs. */
function summary(product: ProductDetails): string {
  const specs = product.specs;
  const parts = [
    `$${product.resalePrice.toFixed(2)}`,
    `${product.conditionType} condition`,
    specs.cpuModel,
    // What a card shows: memory, storage, screen.
    ...keySpecs(specs),
    specs.batteryHealth === null ? null : `battery ${specs.batteryHealth}%`,
    product.location,
  ];
  return `${parts.filter(Boolean).join(', ')}. ${product.description}`.slice(0, 300);
}

function openGraph(product: ProductDetails, url: string, publicUrl: string): string[] {
  const tags: [string, string][] = [
    ['og:type', 'product'],
    ['og:site_name', SITE],
    ['og:title', product.name],
    ['og:description', summary(product)],
    ['og:url', url],
    ...product.photos
      .slice(0, 4)
      .map((photo): [string, string] => ['og:image', new URL(photo.url, publicUrl).href]),
    ['product:price:amount', product.resalePrice.toFixed(2)],
    ['product:price:currency', 'USD'],
    ['product:condition', 'used'],
    ['product:availability', product.isSold ? 'out of stock' : 'in stock'],
  ];
  return [
    ...tags.map(
      ([property, content]) =>
        `<meta property="${property}" content="${escapeAttribute(content)}">`,
    ),
    '<meta name="twitter:card" content="summary_large_image">',
  ];
}

/** schema.org's Product with one Offer: what search engines show as price and stock. */
function structuredData(product: ProductDetails, url: string, publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: product.photos.map((photo) => new URL(photo.url, publicUrl).href),
    ...(product.specs.model && { model: product.specs.model }),
    brand: { '@type': 'Brand', name: product.categoryName },
    category: 'Laptops',
    offers: {
      '@type': 'Offer',
      url,
      price: product.resalePrice.toFixed(2),
      priceCurrency: 'USD',
      itemCondition: 'https://schema.org/UsedCondition',
      availability: product.isSold ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      seller: { '@type': 'Person', name: product.sellerName },
    },
  };
}
