import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends a signal and resolves with the exit code once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * Starts the real `server.ts` in its own process and waits until /api/health answers.
 * `env` adds to (and overrides) a quiet production setup on a free port.
 */
export async function startServerProcess(
  env: Record<string, string>,
  /** `cwd`: where the process starts (where `ENV_FILE` is read from); the API's folder by default. */
  options: { port?: number; timeoutMs?: number; cwd?: string } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  let output = '';
  // By absolute path, so that the process may start anywhere.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const entry = path.join(apiRoot, 'src/server.ts');
  const child = spawn(process.execPath, ['--import', tsx, entry], {
    cwd: options.cwd ?? apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // No developer's .env: a test that wants one names it.
      ENV_FILE: 'none',
      // Test payments: a production server takes them only when told to.
      PAYMENTS_PROVIDER: 'sandbox',
      // Browsers' Origin must match it, or writes with a cookie are refused.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    port,
    url,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  // Seeding the demo took 60-100 s on a loaded 2-core machine: these tests check what
  // the server does, not how fast it starts.
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop('SIGKILL');
  throw new Error(`server did not become healthy:\n${output}`);
}
