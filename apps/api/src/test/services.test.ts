import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postgresReachable, redisReachable, serviceAvailable } from './services.ts';

// Nothing listens on port 1.
const absentPostgres = {
  name: 'PostgreSQL server',
  url: 'postgres://postgres:secret@127.0.0.1:1/postgres',
  reachable: postgresReachable,
};
const absentRedis = { name: 'Redis', url: 'redis://127.0.0.1:1', reachable: redisReachable };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('tests that need PostgreSQL or Redis', () => {
  it('are skipped with a warning when the service is absent and REQUIRE_SERVICES is not set', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await serviceAvailable(absentRedis, 'The Redis tests', {})).toBe(false);
    expect(await serviceAvailable(absentPostgres, 'The PostgreSQL tests', {})).toBe(false);
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringContaining('The Redis tests skipped: no Redis answers at redis://127.0.0.1:1'),
      expect.stringContaining('The PostgreSQL tests skipped: no PostgreSQL server answers'),
    ]);
  });

  it('fail loudly instead when REQUIRE_SERVICES is set (as in CI), naming what is missing', async () => {
    for (const value of ['1', 'true']) {
      const env = { REQUIRE_SERVICES: value };
      await expect(serviceAvailable(absentRedis, 'The Redis tests', env)).rejects.toThrow(
        'The Redis tests need Redis and REQUIRE_SERVICES is set, but no Redis answers at redis://127.0.0.1:1',
      );
      const error = await serviceAvailable(absentPostgres, 'The PostgreSQL tests', env).catch(
        (caught: unknown) => caught as Error,
      );
      expect(String(error)).toContain(
        'no PostgreSQL server answers at postgres://postgres@127.0.0.1:1/',
      );
      // The password of a TEST_DATABASE_URL is not printed.
      expect(String(error)).not.toContain('secret');
    }
  });

  it('run when the service answers, whatever REQUIRE_SERVICES says', async () => {
    const present = { name: 'Fake', url: 'fake://here', reachable: async () => true };
    expect(await serviceAvailable(present, 'The fake tests', {})).toBe(true);
    expect(await serviceAvailable(present, 'The fake tests', { REQUIRE_SERVICES: '1' })).toBe(true);
  });

  it('every test file that skips for a missing service decides through serviceAvailable', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const files = (await fs.readdir(root, { recursive: true })).filter((file) =>
      file.endsWith('.test.ts'),
    );
    const skipping: string[] = [];
    for (const file of files) {
      const source = await fs.readFile(path.join(root, file), 'utf8');
      if (!/\.(skipIf|runIf)\(|\.skip\(/.test(source)) continue;
      skipping.push(file);
      expect(source, file).toMatch(/\bhas(Postgres|Redis)Server\(/);
      expect(source, file).not.toMatch(/\b(postgresReachable|redisReachable)\(/);
    }
    expect(skipping.length).toBeGreaterThanOrEqual(5);
  });
});
