// Starts the marketplace for the browser tests, exactly as `npm start` does, on a
// fresh embedded database seeded with the demo data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laptops-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO = 'true';
process.env.LOG_LEVEL ??= 'warn';
process.env.PUBLIC_URL = `http://127.0.0.1:${process.env.PORT}`;
delete process.env.DATABASE_URL;
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
await import('../scripts/start.mjs');
