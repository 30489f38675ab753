import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoData } from './db/seed/seed-demo.ts';
import { resolveAuthSecret } from './lib/auth-secret.ts';
import { createImageStorage } from './modules/images/image-storage.ts';
import type { RenderCataloguePage } from './modules/products/page-preloads.ts';

const config = loadConfig();
const webDistDir = config.webDistDir ?? fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * The web client's components built for Node (`npm run build`: apps/web/dist-prerender),
 * which draw search and category pages here. Always this checkout's build, like the
 * server's own code (WEB_DIST_DIR only moves the files it serves). Without it, those
 * pages are drawn by the browser.
 */
async function loadCataloguePageRenderer(): Promise<RenderCataloguePage | undefined> {
  const file = fileURLToPath(new URL('../../web/dist-prerender/prerender.js', import.meta.url));
  if (!fs.existsSync(file)) return undefined;
  try {
    const built = (await import(pathToFileURL(file).href)) as {
      renderCataloguePage?: RenderCataloguePage;
    };
    return built.renderCataloguePage;
  } catch (error) {
    // The pages still work, drawn by the browser; the server must not fail to start.
    console.error('Search and category pages will be drawn by the browser:', error);
    return undefined;
  }
}

const database = config.databaseUrl
  ? await openDatabase({ databaseUrl: config.databaseUrl })
  : await openDatabase({ dataDir: config.dataDir, purpose: 'server' });
await database.migrate();

// S3 when configured (shared by every instance), else DATA_DIR/images.
const imageStorage = createImageStorage(config);
const app = await buildApp({
  config: { ...config, webDistDir },
  database,
  authSecret: resolveAuthSecret(config.authSecret, config.dataDir),
  imageStorage,
  renderCataloguePage: await loadCataloguePageRenderer(),
  logger:
    config.env === 'production'
      ? { level: config.logLevel }
      : {
          level: config.logLevel,
          transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } },
        },
});

if (config.seedDemo && (await seedDemoData(database.db, imageStorage))) {
  app.log.info('seeded the demo marketplace (accounts are listed in the README)');
}

// One search page drawn before listening warms up what drawing it takes (React's server
// code, the search's queries): a visitor's first page would miss its deadline and go
// out undrawn.
await app.inject({ method: 'GET', url: '/search' }).catch(() => undefined);

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long, exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  timer.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`marketplace running on ${config.publicUrl} (${database.kind})`);
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await database.close();
  process.exit(1);
}
