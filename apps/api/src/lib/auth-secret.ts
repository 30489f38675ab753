import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * AUTH_SECRET signs session cookies. When it is not set, one is generated once and
 * kept in DATA_DIR so sessions survive restarts of a local install.
 */
export function resolveAuthSecret(
  configured: string | undefined,
  dataDir: string,
  /** SERIAL_HASH_SECRET is kept the same way, in its own file. */
  fileName = 'auth-secret',
): string {
  if (configured) return configured;
  const file = path.join(dataDir, fileName);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
