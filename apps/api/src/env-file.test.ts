import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServerProcess } from './test/server-process.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-env-file-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

it('the server reads .env from where it starts, and the environment wins over it', async () => {
  const dataDir = path.join(dir, 'data-from-env-file');
  await fs.writeFile(
    path.join(dir, '.env'),
    [
      '# As .env.example suggests',
      `DATA_DIR=${dataDir}`,
      'SEED_DEMO=false',
      // The environment gives the port: this one must lose.
      'PORT=1',
      'MAIL_FROM="Operator <ops@example.test>"',
    ].join('\n'),
  );
  const server = await startServerProcess({ ENV_FILE: '.env' }, { cwd: dir });
  try {
    // Listening on the environment's port, with the data where .env put it.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    await expect(fs.stat(dataDir)).resolves.toMatchObject({});
    // Contact Us goes to MAIL_FROM's address: the file's, as sent (the outbox).
    const sent = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'visitor@example.test',
        subject: 'Hello',
        message: 'Is the ThinkPad still for sale?',
      }),
    });
    expect(sent.status).toBe(201);
    const outbox = path.join(dataDir, 'outbox');
    const [mail] = await fs.readdir(outbox);
    expect(await fs.readFile(path.join(outbox, mail ?? ''), 'utf8')).toContain('ops@example.test');
  } finally {
    await server.stop('SIGKILL');
  }
}, 90_000);

it('a server told ENV_FILE=none reads no .env (as the test servers are)', async () => {
  const own = await fs.mkdtemp(path.join(dir, 'none-'));
  const dataDir = path.join(own, 'data-from-env-file');
  await fs.writeFile(path.join(own, '.env'), `DATA_DIR=${dataDir}\nSEED_DEMO=false\n`);
  const server = await startServerProcess({ ENV_FILE: 'none', SEED_DEMO: 'false' }, { cwd: own });
  try {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    // The default data directory, where it started, not the file's.
    await expect(fs.stat(path.join(own, 'data'))).resolves.toMatchObject({});
    await expect(fs.stat(dataDir)).rejects.toMatchObject({ code: 'ENOENT' });
  } finally {
    await server.stop('SIGKILL');
  }
}, 90_000);
