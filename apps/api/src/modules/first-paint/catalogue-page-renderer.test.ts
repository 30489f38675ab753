import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { CataloguePageData } from '@laptops/shared/first-page';
import { defaultFilters } from '@laptops/shared/search-filters';
import { loadCataloguePageRenderer, PAGE_HASH_FILE, pageHash } from './catalogue-page-renderer.ts';

// The web build (apps/web scripts/write-first-paint.mjs) writes dist/page.html and, beside
// dist-prerender/render-pages.js, the hash of that page.html. Here both are stand-ins.

let root: string;
let prerenderDir: string;
let distDir: string;
let warnings: string[];
const servedPage = '<!doctype html><head></head><div id="root"></div>';
const noResults: CataloguePageData = {
  session: null,
  categories: [],
  search: {
    filters: defaultFilters,
    scope: { includeSold: false },
    results: { products: [], total: 0, totalIsCapped: false, nextCursor: null },
  },
};

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-renderer-'));
  prerenderDir = path.join(root, 'dist-prerender');
  distDir = path.join(root, 'dist');
  await fs.mkdir(prerenderDir);
  await fs.mkdir(distDir);
  await fs.writeFile(
    path.join(prerenderDir, 'render-pages.js'),
    'export function renderCataloguePage(url) { return `<p>drawn ${url}</p>`; }\n',
  );
  await fs.writeFile(path.join(distDir, 'page.html'), servedPage);
  await fs.writeFile(path.join(prerenderDir, PAGE_HASH_FILE), pageHash(servedPage));
  warnings = [];
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const load = () =>
  loadCataloguePageRenderer(prerenderDir, distDir, (message) => warnings.push(message));

it('loads the components of the build being served', async () => {
  const render = await load();
  expect(render?.('/search?q=x', noResults)).toBe('<p>drawn /search?q=x</p>');
  expect(warnings).toEqual([]);
});

it('stops drawing when the page is rebuilt while the server runs (its components stay the old ones)', async () => {
  const render = await load();
  expect(render?.('/search', noResults)).toBe('<p>drawn /search</p>');
  await fs.writeFile(path.join(distDir, 'page.html'), servedPage.replace('<head>', '<head> '));
  expect(() => render?.('/search', noResults)).toThrow('is from another build');
  // Put back as it was: drawn again.
  await fs.writeFile(path.join(distDir, 'page.html'), servedPage);
  expect(render?.('/search', noResults)).toBe('<p>drawn /search</p>');
});

it("does not draw into another build's page, and says why", async () => {
  await fs.writeFile(path.join(distDir, 'page.html'), servedPage.replace('<head>', '<head> '));
  expect(await load()).toBeUndefined();
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain(`${distDir} is not the build of ${prerenderDir}`);

  // A build from before the hash was written: the same.
  await fs.rm(path.join(prerenderDir, PAGE_HASH_FILE));
  expect(await load()).toBeUndefined();
  expect(warnings).toHaveLength(2);
});

it('leaves the drawing to the browser, quietly, without a build for Node or a page to draw into', async () => {
  await fs.rm(path.join(distDir, 'page.html'));
  expect(await load()).toBeUndefined();
  await fs.writeFile(path.join(distDir, 'page.html'), servedPage);
  await fs.rm(path.join(prerenderDir, 'render-pages.js'));
  expect(await load()).toBeUndefined();
  expect(warnings).toEqual([]);
});

it('starts without them, saying so, when they fail to load', async () => {
  await fs.writeFile(path.join(prerenderDir, 'render-pages.js'), 'export function (\n');
  expect(await load()).toBeUndefined();
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain('drawn by the browser');
});
