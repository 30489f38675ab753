import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { DataDirLockedError } from '../src/db/lock.ts';
import { readEnvFile } from '../src/lib/env-file.ts';

/** Opens the configured database for a command-line script, migrated, or exits with a clear message. */
export async function openCliDatabase(
  purpose: string,
): Promise<{ config: Config; database: Database }> {
  readEnvFile();
  const config = loadConfig();
  try {
    const database = config.databaseUrl
      ? await openDatabase({ databaseUrl: config.databaseUrl })
      : await openDatabase({ dataDir: config.dataDir, purpose });
    await database.migrate();
    return { config, database };
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}
