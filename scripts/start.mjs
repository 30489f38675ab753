// `npm start`: builds the web client when it is missing or older than its sources,
// then runs the API in production mode, which serves the client too (on this
// machine's own address and without Stripe keys, with the test-mode sandbox).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce(
      (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
      stat.mtimeMs,
    );
}

const builtAt = fs.statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sourcesAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
if (builtAt < sourcesAt) {
  console.log(
    builtAt
      ? 'The web client changed; rebuilding it...'
      : 'Building the web client (first start)...',
  );
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    // Always a production build: the browser tests start this with NODE_ENV=test, under
    // which Vite and React's server build disagree on the JSX runtime (jsxDEV).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const env = { NODE_ENV: 'production', ...process.env };

// In production the server takes no test payments unless told to (PAYMENTS_PROVIDER).
// Someone trying the marketplace on their own machine, without Stripe keys, wants the
// sandbox: said here for them, aloud. A site at any other address must choose.
// The settings are read as the server (started in the root) reads them: the environment,
// then the .env file.
const envFile = path.resolve(root, process.env.ENV_FILE || '.env');
const fromFile =
  process.env.ENV_FILE !== 'none' && fs.existsSync(envFile)
    ? parseEnv(fs.readFileSync(envFile, 'utf8'))
    : {};
const setting = (name) => (name in process.env ? process.env[name] : fromFile[name]) || undefined;
const onThisMachine = (url) => {
  try {
    const { hostname } = new URL(url);
    return ['localhost', '[::1]'].includes(hostname) || /^127(\.\d+){3}$/.test(hostname);
  } catch {
    return false;
  }
};
if (
  !setting('PAYMENTS_PROVIDER') &&
  !setting('STRIPE_SECRET_KEY') &&
  !setting('STRIPE_PUBLISHABLE_KEY') &&
  onThisMachine(setting('PUBLIC_URL') ?? 'http://localhost')
) {
  env.PAYMENTS_PROVIDER = 'sandbox';
  console.log(
    'No Stripe keys: card payments go to the test-mode sandbox (PAYMENTS_PROVIDER=sandbox),\n' +
      'where only test cards work and no money is charged. Set STRIPE_SECRET_KEY and\n' +
      'STRIPE_PUBLISHABLE_KEY to take real payments.',
  );
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
