import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteExtensions } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
  }
}

/**
 * Runs initdb and the migrations once, and keeps the result as a data-dir dump
 * that each test file loads in well under a second (a new PGlite would run initdb,
 * which takes seconds, in every file).
 */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-pglite-'));
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  const database = await openDatabase({ pglite });
  await database.migrate();
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const templatePath = path.join(dir, 'template.tar');
  await fs.writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', templatePath);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
