import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { categoryIds, laptopSitemapCount, laptopSitemapPage } from './sitemap.service.ts';

/** Crawlers may read these for a while; a new listing waits at most this long to appear. */
const CRAWLER_CACHE = 'public, max-age=3600';

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function urlSet(entries: { loc: string; lastmod?: Date }[]): string {
  const urls = entries.map(
    (entry) =>
      `<url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
}

/**
 * What search engines read first: robots.txt (crawl the catalogue, not the dashboard
 * or the API) and the sitemaps it names, an index of the site's pages and its laptops
 * for sale (a file per 10,000).
 */
export const seoRoutes: FastifyPluginAsync<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  app.get('/robots.txt', { config: { access: 'public' } }, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', CRAWLER_CACHE);
    return [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /dashboard/',
      'Allow: /api/images/',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', { config: { access: 'public' } }, async (_request, reply) => {
    const files = ['/sitemaps/pages.xml'];
    const laptopFiles = await laptopSitemapCount(db);
    for (let page = 0; page < laptopFiles; page += 1) files.push(`/sitemaps/laptops-${page}.xml`);
    reply.type('application/xml; charset=utf-8').header('cache-control', CRAWLER_CACHE);
    const entries = files.map(
      (file) => `<sitemap><loc>${escapeXml(publicUrl + file)}</loc></sitemap>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>\n`;
  });

  app.get('/sitemaps/pages.xml', { config: { access: 'public' } }, async (_request, reply) => {
    const pages = ['/', '/search', '/conditions', '/blogs', '/faq'];
    const ids = await categoryIds(db);
    reply.type('application/xml; charset=utf-8').header('cache-control', CRAWLER_CACHE);
    return urlSet([
      ...pages.map((page) => ({ loc: publicUrl + page })),
      ...ids.map((id) => ({ loc: `${publicUrl}/category/${id}` })),
    ]);
  });

  app.get(
    '/sitemaps/laptops-:page.xml',
    { config: { access: 'public' } },
    async (request, reply) => {
      const parsed = z.coerce
        .number()
        .int()
        .min(0)
        .max(10_000)
        .safeParse((request.params as { page: string }).page);
      if (!parsed.success) throw notFound('No such sitemap.');
      const rows = await laptopSitemapPage(db, parsed.data);
      if (rows.length === 0 && parsed.data > 0) throw notFound('No such sitemap.');
      reply.type('application/xml; charset=utf-8').header('cache-control', CRAWLER_CACHE);
      return urlSet(
        rows.map((row) => ({ loc: `${publicUrl}/laptops/${row.id}`, lastmod: row.dateOfPost })),
      );
    },
  );
};
