import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderCataloguePage } from './first-paint.ts';

/** Written by the web build beside render-pages.js: the hash of the page.html made with it. */
export const PAGE_HASH_FILE = 'page-html.sha256';

export function pageHash(html: string | Buffer): string {
  return createHash('sha256').update(html).digest('hex');
}

/**
 * The web client's components built for Node (`npm run build`: apps/web/dist-prerender),
 * which draw search and category pages here. Without them, or when they fail to load,
 * those pages are drawn by the browser.
 *
 * Only if they come from the same build as the served client (WEB_DIST_DIR may point
 * elsewhere): a page drawn by another build's components would not match the styles
 * and scripts it is served with, and the app would redraw it, moving it.
 */
export async function loadCataloguePageRenderer(
  prerenderDir: string,
  webDistDir: string,
  warn: (message: string) => void,
): Promise<RenderCataloguePage | undefined> {
  const file = path.join(prerenderDir, 'render-pages.js');
  const page = path.join(webDistDir, 'page.html');
  if (!fs.existsSync(file) || !fs.existsSync(page)) return undefined;
  const builtFor = readIfPresent(path.join(prerenderDir, PAGE_HASH_FILE))?.trim();
  if (builtFor !== pageHash(fs.readFileSync(page))) {
    warn(
      `Search and category pages will be drawn by the browser: ${webDistDir} is not the build of ${prerenderDir} (run npm run build and serve its apps/web/dist)`,
    );
    return undefined;
  }
  try {
    const built = (await import(pathToFileURL(file).href)) as {
      renderCataloguePage?: RenderCataloguePage;
    };
    const render = built.renderCataloguePage;
    return render && onlyIntoPage(page, builtFor, render);
  } catch (error) {
    // The pages still work, drawn by the browser; the server must not fail to start.
    warn(`Search and category pages will be drawn by the browser: ${String(error)}`);
    return undefined;
  }
}

/**
 * `render`, refusing (throwing) once `page` is no longer the page it was built for: the
 * web client rebuilt while the server runs keeps this process's components, loaded at
 * start. The hash is worked out again only when the file changes.
 */
function onlyIntoPage(page: string, hash: string, render: RenderCataloguePage) {
  let checked = '';
  return (url: string, data: Parameters<RenderCataloguePage>[1]) => {
    const { mtimeMs, size } = fs.statSync(page);
    const version = `${mtimeMs}:${size}`;
    if (version !== checked) {
      if (pageHash(fs.readFileSync(page)) !== hash) {
        throw new Error(`${page} is from another build than the server's: restart the server`);
      }
      checked = version;
    }
    return render(url, data);
  };
}

function readIfPresent(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
