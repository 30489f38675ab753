// Build step after `vite build`: writes each page's first paint into the HTML, so the
// browser draws it before any script has run (Lighthouse's first contentful paint).
//   dist/index.html    Home: the navbar, the banner, the welcome text, spinners
//   dist/loading.html  every other page: the navbar and a spinner, until its code loads
//   dist/page.html     the same with #root empty, for the API server to draw search and
//                      category pages into (with dist-prerender/render-pages.js)
// The markup comes from the app's own components (src/first-paint/render-pages.tsx,
// built for Node into dist-prerender by the `build` script), so it cannot drift from
// what React draws.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's production server build: no development notes in the HTML.
process.env.NODE_ENV = 'production';

const webRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(webRoot, 'dist');
const serverBuild = path.join(webRoot, 'dist-prerender');

const { renderHomePage, renderLoadingPage } = await import(
  pathToFileURL(path.join(serverBuild, 'render-pages.js')).href
);
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const emptyRoot = '<div id="root"></div>';
if (!template.includes(emptyRoot)) throw new Error(`dist/index.html has no ${emptyRoot}`);

/** The template with a page's markup in #root; the preloads React hoists go in the head. */
function page(markup) {
  const hoisted = /^(?:<link [^>]*\/>)*/.exec(markup)?.[0] ?? '';
  return template
    .replace('</head>', `${hoisted}</head>`)
    .replace(emptyRoot, `<div id="root">${markup.slice(hoisted.length)}</div>`);
}

/**
 * The catalogue pages (search and category) are where links and search engines land
 * visitors. Their code loads with the main script instead of after it has run, so their
 * data is asked for one round trip sooner. Other pages need most of it (zod) anyway.
 */
function cataloguePreloads() {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const initial = new Set(['index.html', ...(manifest['index.html']?.imports ?? [])]);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`write-first-paint: ${key} is not in the build manifest`);
    if (initial.has(key) || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [
    'src/app/routes/search.tsx',
    'src/app/routes/category.tsx',
    'src/app/guards/require-auth.tsx',
  ]) {
    visit(key);
  }
  return [...files]
    .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
    .join('');
}

/**
 * Home's first paint is complete in its HTML (the banner is its largest part), and so
 * is a page the server draws, so their scripts are fetched only once it is drawn:
 * their modulepreloads become the start script's data-preload
 * (src/first-paint/start-after-paint.js). Fetched at once, they took most of a slow
 * connection's bandwidth from the stylesheet and the banner (or the first cards'
 * pictures).
 */
function fetchScriptsAfterFirstPaint(html) {
  // Each link with its line's indent and end, so no blank lines are left.
  const preloads = [...html.matchAll(/[ \t]*<link rel="modulepreload"[^>]* href="([^"]+)">\n?/g)];
  if (preloads.length === 0) throw new Error('write-first-paint: the page has no modulepreloads');
  const start = /<script defer src="\/assets\/start-after-paint-[\w-]+\.js" data-src="([^"]+)">/;
  if (!start.test(html)) {
    throw new Error('write-first-paint: the page has no start-after-paint script');
  }
  const hrefs = preloads.map((match) => match[1]).join(' ');
  return preloads
    .reduce((page, [link]) => page.replace(link, ''), html)
    .replace(start, (script) => script.replace('>', ` data-preload="${hrefs}">`));
}

fs.writeFileSync(
  path.join(dist, 'index.html'),
  fetchScriptsAfterFirstPaint(page(renderHomePage())),
);
fs.writeFileSync(
  path.join(dist, 'loading.html'),
  page(renderLoadingPage()).replace('</head>', `${cataloguePreloads()}</head>`),
);
// The API server draws search and category pages into this one's #root, per request,
// with dist-prerender's renderCataloguePage (which is why that build stays). Drawn,
// they need no script to show, so like Home they fetch theirs after the first paint.
const serverPage = fetchScriptsAfterFirstPaint(
  page('').replace('</head>', `${cataloguePreloads()}</head>`),
);
fs.writeFileSync(path.join(dist, 'page.html'), serverPage);
// Which build dist-prerender belongs to: the server draws pages only into this page.html
// (apps/api modules/first-paint/catalogue-page-renderer.ts), not into another build's
// served by WEB_DIST_DIR.
fs.writeFileSync(
  path.join(serverBuild, 'page-html.sha256'),
  createHash('sha256').update(serverPage).digest('hex'),
);
console.log(
  'write-first-paint: wrote dist/index.html (Home), dist/loading.html (other pages) and dist/page.html (pages drawn by the server)',
);
