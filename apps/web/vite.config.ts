import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The page's first paint is in the HTML (scripts/prerender.mjs) and needs only the
 * stylesheet and Home's banner; the scripts take over afterwards. Asking for them at
 * low priority lets the stylesheet and the banner arrive first on a slow connection.
 */
function scriptsAfterFirstPaint(): Plugin {
  return {
    name: 'scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ')
          .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" '),
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), scriptsAfterFirstPaint()],
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
});
