// `npm run db:seed`: fills an empty database with the demo marketplace.
import { seedDemoData } from '../src/db/seed/seed-demo.ts';
import { resolveAuthSecret } from '../src/lib/auth-secret.ts';
import { createImageStorage } from '../src/modules/images/image-storage.ts';
import { openCliDatabase } from './open-cli-database.ts';

const { config, database } = await openCliDatabase('db:seed');
// Where the server keeps images: the S3 bucket when configured, else DATA_DIR/images.
const storage = createImageStorage(config);
try {
  // The server's key for serials, so that the demo's serials are checked as its own are.
  const serialHashSecret = resolveAuthSecret(
    config.serialHashSecret,
    config.dataDir,
    'serial-hash-secret',
  );
  const seeded = await seedDemoData(database.db, storage, { serialHashSecret });
  console.log(
    seeded
      ? 'Seeded the demo marketplace. Demo accounts are listed in the README.'
      : 'The database already has data; nothing was seeded.',
  );
} finally {
  storage.close();
  await database.close();
}
