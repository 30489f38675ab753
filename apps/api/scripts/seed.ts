// `npm run db:seed`: fills an empty database with the demo marketplace.
import path from 'node:path';
import { seedDemoData } from '../src/db/seed/seed-demo.ts';
import { createLocalImageStorage } from '../src/modules/images/image-storage.ts';
import { openCliDatabase } from './open-cli-database.ts';

const { config, database } = await openCliDatabase('db:seed');
try {
  const storage = createLocalImageStorage(path.join(config.dataDir, 'images'));
  const seeded = await seedDemoData(database.db, storage);
  console.log(
    seeded
      ? 'Seeded the demo marketplace. Demo accounts are listed in the README.'
      : 'The database already has data; nothing was seeded.',
  );
} finally {
  await database.close();
}
