// Build step after the prerender: writes a brotli (.br) and a gzip (.gz) copy beside
// each script, stylesheet and picture in dist, at the strongest settings, once. The
// server sends those copies as they are (@fastify/static's preCompressed) instead of
// compressing a few hundred KB of script again for every visitor, which took ~14 ms
// of its time per request and went out larger (brotli's per-request level is low).
// The pages themselves are not here: the server adds preload hints to them per request.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'dist');
const compressible = /\.(js|css|svg|json|txt)$/;
/** Below this, compressing saves less than it costs (as @fastify/compress's threshold). */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  if (entry.parentPath.includes(`${path.sep}.vite`)) continue; // the build manifest
  const file = path.join(entry.parentPath, entry.name);
  const bytes = fs.readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(
    `${file}.gz`,
    zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  );
  files += 1;
  before += bytes.length;
  after += br.length;
}
const kb = (bytes) => `${(bytes / 1000).toFixed(0)} KB`;
console.log(`compress: ${files} files, ${kb(before)} -> ${kb(after)} brotli (and gzip beside)`);
