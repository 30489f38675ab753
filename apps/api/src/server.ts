import './lib/env-file-read.ts';
import { fileURLToPath } from 'node:url';
import { cataloguePageDataId } from '@laptops/shared/first-page';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoData } from './db/seed/seed-demo.ts';
import { resolveAuthSecret } from './lib/auth-secret.ts';
import { createLogger, logFormatFor } from './lib/logger.ts';
import { createImageStorage } from './modules/images/image-storage.ts';
import { loadCataloguePageRenderer } from './modules/first-paint/catalogue-page-renderer.ts';

const config = loadConfig();
const { logger, flush: flushLogs } = createLogger({
  format: logFormatFor(config.logFormat, process.stdout.isTTY),
  level: config.logLevel,
});
const webDistDir = config.webDistDir ?? fileURLToPath(new URL('../../web/dist', import.meta.url));

const database = config.databaseUrl
  ? await openDatabase({ databaseUrl: config.databaseUrl })
  : await openDatabase({ dataDir: config.dataDir, purpose: 'server' });
await database.migrate();

// S3 when configured (shared by every instance), else DATA_DIR/images.
const imageStorage = createImageStorage(config);
// Always this checkout's build, like the server's own code; WEB_DIST_DIR only moves
// the files it serves (and must be the same build's for pages to be drawn here).
const renderCataloguePage = await loadCataloguePageRenderer(
  fileURLToPath(new URL('../../web/dist-prerender', import.meta.url)),
  webDistDir,
  (message) => console.warn(message),
);
const serialHashSecret = resolveAuthSecret(
  config.serialHashSecret,
  config.dataDir,
  'serial-hash-secret',
);
const app = await buildApp({
  config: { ...config, webDistDir },
  database,
  authSecret: resolveAuthSecret(config.authSecret, config.dataDir),
  serialHashSecret,
  imageStorage,
  renderCataloguePage,
  logger,
  runJobs: true,
});

if (config.seedDemo && (await seedDemoData(database.db, imageStorage, { serialHashSecret }))) {
  app.log.info('seeded the demo marketplace (accounts are listed in the README)');
}

// A search page drawn before listening warms up what drawing it takes (the search's
// queries, React's server code): cold, a visitor's first page would miss its deadline
// and go out undrawn. So may the first try here, for the same reason.
for (let attempt = 0; renderCataloguePage && attempt < 3; attempt += 1) {
  const page = await app.inject({ method: 'GET', url: '/search' }).catch(() => undefined);
  if (!page || page.body.includes(cataloguePageDataId)) break;
}

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
    await flushLogs();
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
  // The start's lines now, not with the first requests'.
  void flushLogs();
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await database.close();
  process.exit(1);
}
