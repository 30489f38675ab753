import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SellerPageData } from '@laptops/shared/first-page';
import type { SellerProfile } from '@laptops/shared/sellers';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { FirstPaint } from '../../plugins/static-client.ts';
import { getSellerProfile } from '../sellers/sellers.service.ts';
import { drawRecordPage, escapeAttribute, type RenderCataloguePage } from './first-paint.ts';

const SITE = 'Laptop Resale';

/**
 * A seller's profile (/sellers/:id) as links, shares and search engines first see it:
 * drawn here with the profile (the one GET /api/sellers/:id keeps), titled with their
 * name, described by their rating and record, with its one address (canonical). A
 * profile that does not exist answers 404, so search engines drop it; the app then
 * says so. As laptop-page.ts does for a laptop.
 */
export async function sellerPage(
  app: FastifyInstance,
  db: Db,
  render: RenderCataloguePage | undefined,
  publicUrl: string,
  request: FastifyRequest,
  id: string,
): Promise<FirstPaint> {
  const viewer = await request.getViewer();
  const apiPath = `/api/sellers/${id}`;
  let seller: SellerProfile;
  try {
    // The profile is the same for everyone: the answer GET /api/sellers/:id keeps.
    seller = JSON.parse(
      (await app.listCache.remember(`seller:${id}`, () => getSellerProfile(db, id))).json,
    ) as SellerProfile;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) {
      return {
        status: 404,
        head: ['<meta name="robots" content="noindex">'],
        title: `${error.message} · ${SITE}`,
      };
    }
    throw error;
  }

  const url = `${publicUrl}/sellers/${encodeURIComponent(seller.id)}`;
  const description = summary(seller);
  const head = [
    `<link rel="canonical" href="${escapeAttribute(url)}">`,
    `<meta property="og:type" content="profile">`,
    `<meta property="og:site_name" content="${SITE}">`,
    `<meta property="og:title" content="${escapeAttribute(`${seller.name}, seller`)}">`,
    `<meta property="og:description" content="${escapeAttribute(description)}">`,
    `<meta property="og:url" content="${escapeAttribute(url)}">`,
    ...(seller.image
      ? [
          `<meta property="og:image" content="${escapeAttribute(new URL(seller.image, publicUrl).href)}">`,
        ]
      : []),
  ];
  const paint = {
    // As the app's: the tab's title follows the page's heading, the seller's name.
    title: `${seller.name} · ${SITE}`,
    description,
    personal: viewer !== null,
  };
  const data: SellerPageData = { session: viewer, seller };
  return drawRecordPage({
    request,
    render,
    path: `/sellers/${encodeURIComponent(seller.id)}`,
    data,
    apiPath,
    paint,
    head,
  });
}

/** One line for search results and link cards: rating, record, laptops for sale. */
function summary(seller: SellerProfile): string {
  const parts = [
    seller.isVerified ? 'Verified seller' : 'Seller',
    seller.topSeller ? 'Top seller' : null,
    seller.rating
      ? `rated ${seller.rating.average.toFixed(1)} out of 5 from ${seller.rating.count} ${seller.rating.count === 1 ? 'review' : 'reviews'}`
      : null,
    `${seller.laptopsSold} ${seller.laptopsSold === 1 ? 'laptop' : 'laptops'} sold`,
    `${seller.laptopsForSale} for sale now`,
  ];
  return `${seller.name} on ${SITE}: ${parts.filter(Boolean).join(', ')}.`;
}
