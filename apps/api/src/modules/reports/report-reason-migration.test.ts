import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { pgliteExtensions } from '../../db/client.ts';

const migrationsFolder = fileURLToPath(new URL('../../db/migrations', import.meta.url));
let workDir: string | undefined;

afterAll(async () => {
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
});

/** The migrations folder as it was before `tag`: its journal ends just before it. */
async function migrationsBefore(tag: string): Promise<string> {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  await fs.cp(migrationsFolder, workDir, { recursive: true });
  const journalPath = path.join(workDir, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag.startsWith(tag));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return workDir;
}

it("migration 0013 gives the reports an existing database holds the reason 'other'", async () => {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const db = drizzle({ client });
  await migrate(db, { migrationsFolder: await migrationsBefore('0013_') });
  await client.exec(`
    insert into users (id, name, email, type_of_user) values
      ('seller-1', 'Sam Seller', 'sam@example.test', 'seller'),
      ('buyer-1', 'Bea Buyer', 'bea@example.test', 'buyer');
    insert into categories (id, name, image)
    values ('00000000-0000-4000-8000-000000000001', 'Dell', '/api/images/dell.webp');
    insert into products (id, seller_id, category_id, name, image, location, description,
      condition_type, mobile_number, original_price_cents, resale_price_cents, years_of_use)
    values ('00000000-0000-4000-8000-000000000002', 'seller-1',
      '00000000-0000-4000-8000-000000000001', 'Dell XPS 13', '/api/images/x.webp', 'Boston',
      'Light', 'Good', '+1 617 555 0100', 100000, 60000, 2);
    insert into reports (product_id, reporter_id, report_text)
    values ('00000000-0000-4000-8000-000000000002', 'buyer-1', 'The photos are stolen.');
  `);

  await migrate(db, { migrationsFolder });

  const { rows } = await client.query('select reason, report_text from reports');
  expect(rows).toEqual([{ reason: 'other', report_text: 'The photos are stolen.' }]);
  // Only the five reasons the app knows can be stored.
  await expect(client.exec(`update reports set reason = 'spam'`)).rejects.toThrow(
    /reports_reason_check/,
  );
  await client.close();
});
