import fs from 'node:fs';

/**
 * Reads settings from a `.env` file in the working directory, if there is one, as
 * `.env.example` describes: a variable already set in the environment wins. Called by
 * the server and the command-line scripts before their settings are read.
 */
export function readEnvFile(file = '.env'): void {
  if (!fs.existsSync(file)) return;
  process.loadEnvFile(file);
}
