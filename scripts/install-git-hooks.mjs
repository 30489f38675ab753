// `npm install` / `npm ci` (the prepare script): points git at scripts/git-hooks, whose
// commit-msg hook refuses subjects over 72 characters. Never fails an install: outside
// this repository's own checkout (a tarball, or one unpacked inside another repository),
// without git, or where the checkout already has a hooks path (set by its owner or by
// another tool), it does nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function git(...args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

const topLevel = git('rev-parse', '--show-toplevel');
const isOwnCheckout = topLevel !== undefined && fs.realpathSync(topLevel) === fs.realpathSync(root);
if (isOwnCheckout && !git('config', 'core.hooksPath')) {
  git('config', 'core.hooksPath', 'scripts/git-hooks');
}
