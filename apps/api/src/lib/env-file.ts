import fs from 'node:fs';

/**
 * Reads settings from a `.env` file in the working directory, if there is one, as
 * `.env.example` describes: a variable already set in the environment wins. Called by
 * the server and the command-line scripts before their settings are read.
 * `ENV_FILE` names another file, or `none` for no file: the test servers say none, so
 * a developer's `.env` (their SMTP server, S3 bucket or Stripe keys) never reaches them.
 */
export function readEnvFile(file = process.env.ENV_FILE || '.env'): void {
  if (file === 'none' || !fs.existsSync(file)) return;
  process.loadEnvFile(file);
}
