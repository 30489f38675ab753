import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/check-web-budget.mjs reads the chunk graph from it.
    manifest: true,
  },
});
