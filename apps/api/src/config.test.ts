import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from './config.ts';

it('defaults to port 3000, ./data and demo data on the embedded database', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    port: 3000,
    dataDir: path.resolve('./data'),
    databaseUrl: undefined,
    seedDemo: true,
  });
  expect(config.publicUrl).toBe('http://localhost:3000');
});

it('reads PORT, DATA_DIR and DATABASE_URL, and seeds a server database only when asked', () => {
  const config = loadConfig({
    PORT: '4000',
    DATA_DIR: '/tmp/x',
    DATABASE_URL: 'postgres://u@h:5432/db',
  });
  expect(config).toMatchObject({
    port: 4000,
    dataDir: '/tmp/x',
    databaseUrl: 'postgres://u@h:5432/db',
    seedDemo: false,
  });
  expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
});

it('treats empty variables as unset and refuses bad values with a clear message', () => {
  expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({
    databaseUrl: undefined,
    port: 3000,
  });
  expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/Invalid environment:\n {2}PORT/);
});
