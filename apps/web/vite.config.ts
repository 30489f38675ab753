import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, minifySync, type Plugin } from 'vite';

const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/** The script that starts the app once the first paint is on screen. */
const startScript = fileURLToPath(
  new URL('./src/first-paint/start-after-paint.js', import.meta.url),
);

/**
 * The page's first paint is in the HTML (scripts/write-first-paint.mjs) and needs only
 * the stylesheet and Home's banner; the scripts take over afterwards. Asking for them
 * at low priority lets the stylesheet and the banner arrive first on a slow
 * connection, and the app's script runs once that paint is on screen
 * (src/first-paint/start-after-paint.js, minified and copied with a hash in its name, as
 * it changes with the HTML it reads; its comments would be a third of its download).
 */
function scriptsAfterFirstPaint(): Plugin {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  return {
    name: 'scripts-after-first-paint',
    apply: 'build',
    buildStart() {
      this.emitFile({
        type: 'asset',
        name: 'start-after-paint.js',
        source: minifySync('start-after-paint.js', fs.readFileSync(startScript, 'utf8')).code,
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        const src = entry.exec(html)?.[1];
        const start = Object.values(bundle ?? {}).find(
          (output) => output.type === 'asset' && output.names.includes('start-after-paint.js'),
        );
        if (!src || !start) {
          throw new Error('scripts-after-first-paint: no entry script or no start script');
        }
        return html
          .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ')
          .replace(
            entry,
            `<link rel="modulepreload" fetchpriority="low" crossorigin href="${src}">` +
              `<script defer src="/${start.fileName}" data-src="${src}"></script>`,
          );
      },
    },
  };
}

/**
 * Chrome compiles a function the first time it runs, on the main thread, unless told
 * the whole file runs at load: then it compiles it while downloading, on another
 * thread (V8's explicit compile hints, Chrome 136+; other browsers ignore the comment).
 * Home's entry chunk (React, the router, the query cache, the layout) nearly all runs
 * before the page answers taps; compiling it lazily was a quarter of that work.
 */
function compileEntryWhileDownloading(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'compile-entry-while-downloading',
    apply: 'build',
    // After Vite's own changes, which put a line of their own at the top.
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !output.isEntry) continue;
          output.code = hint + output.code;
          // One line more at the top: the source map's lines move down by one.
          const map = bundle[`${output.fileName}.map`];
          if (map?.type === 'asset') {
            const parsed = JSON.parse(String(map.source)) as { mappings: string };
            parsed.mappings = `;${parsed.mappings}`;
            map.source = JSON.stringify(parsed);
          }
        }
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), scriptsAfterFirstPaint(), compileEntryWhileDownloading()],
  resolve: {
    // React Router's package points every import at its development build, whose only
    // difference is its warnings switched on; the built app takes the production one.
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/check-web-budget.mjs reads the chunk graph from it.
    manifest: true,
    // Small pictures (Home's client logos, below the fold and lazy) as files, not data
    // URLs inside the script Home must download and parse before the app runs.
    assetsInlineLimit: 0,
  },
}));
