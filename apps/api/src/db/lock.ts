import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, holder: string) {
    super(
      `The embedded database in ${dataDir} is in use by another process (${holder}). ` +
        'PGlite allows one process at a time: stop that process first, ' +
        'or use a PostgreSQL server with DATABASE_URL.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database's lock file, or throws DataDirLockedError when a
 * live process holds it. A lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string, purpose: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify({ pid: process.pid, purpose }), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockPath);
      if (holder && isAlive(holder.pid) && holder.pid !== process.pid) {
        throw new DataDirLockedError(dataDir, `pid ${holder.pid}, ${holder.purpose}`);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(dataDir, 'unknown');
}

function readHolder(lockPath: string): { pid: number; purpose: string } | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as {
      pid?: unknown;
      purpose?: unknown;
    };
    if (typeof parsed.pid !== 'number') return undefined;
    return { pid: parsed.pid, purpose: String(parsed.purpose ?? 'unknown') };
  } catch {
    return undefined;
  }
}
