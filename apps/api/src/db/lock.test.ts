import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laptops-lock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('refuses a second holder while a live process holds the lock, and frees it on release', () => {
  // Pretend another live process (our parent) holds it.
  fs.writeFileSync(
    path.join(dir, 'db.lock'),
    JSON.stringify({ pid: process.ppid, purpose: 'server' }),
  );
  expect(() => acquireDataDirLock(dir, 'db:seed')).toThrow(DataDirLockedError);
  expect(() => acquireDataDirLock(dir, 'db:seed')).toThrow(
    /in use by another process \(pid \d+, server\)/,
  );
  fs.rmSync(path.join(dir, 'db.lock'));

  const release = acquireDataDirLock(dir, 'server');
  expect(fs.existsSync(path.join(dir, 'db.lock'))).toBe(true);
  release();
  expect(fs.existsSync(path.join(dir, 'db.lock'))).toBe(false);
});

it('takes over a lock left by a process that no longer runs', () => {
  fs.writeFileSync(
    path.join(dir, 'db.lock'),
    JSON.stringify({ pid: 2 ** 22 + 12345, purpose: 'server' }),
  );
  const release = acquireDataDirLock(dir, 'server');
  expect(JSON.parse(fs.readFileSync(path.join(dir, 'db.lock'), 'utf8'))).toMatchObject({
    pid: process.pid,
  });
  release();
});
