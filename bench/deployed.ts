/**
 * The server as `npm start` runs it, against a bare node:http server sending the same
 * bytes: Home's two lists and the category list, which every page asks for, at 10 and
 * 32 connections. `npm run bench -- --deployed` runs only this; `npm run bench` runs
 * it after the rest.
 *
 * As deployed means npm start's own settings and nothing else: production mode, the
 * embedded database seeded with the demo on a first start, request logging at `info`
 * (the server's stdout goes to a file, as to a log file or a container's log), the
 * list cache at its default. The machine is shared (other work competes for the two
 * cores), so the two servers take turns in short rounds, and each round's ratio is
 * their throughputs in that round: the median of the rounds is the result, their range
 * shows how steady it was. Each server's CPU time per request (from /proc) is given too:
 * it moves less with the machine's other work than throughput does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, stop } from './bench-servers.ts';

export const deployedPaths = ['/api/latestProducts', '/api/advertiseProducts', '/api/categories'];
export const deployedConnections = [10, 32];
/** The target: each path at each concurrency. */
export const RATIO_TARGET = 0.5;

export type DeployedRow = {
  path: string;
  connections: number;
  bytes: number;
  /** Requests a second, each round's. */
  app: number[];
  bare: number[];
  /** app / bare of each round, and their median. */
  ratios: number[];
  ratio: number;
  /** CPU time per request in µs (user + system, from /proc; null elsewhere), medians. */
  appCpuMicros: number | null;
  bareCpuMicros: number | null;
  errors: number;
};

export type DeployedRun = {
  date: string;
  commit: string;
  machine: string;
  /** What else was going on (`--note=...`): a shared machine, say. */
  note?: string;
  settings: string;
  rounds: number;
  secondsPerRound: number;
  loadAverage: { before: number; after: number };
  /** Request lines the server logged during the run (logging was on). */
  logLines: number;
  rows: DeployedRow[];
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export async function runDeployed(options: {
  root: string;
  quick: boolean;
  /** Started children, so that an interrupted run can end them. */
  track: (child: ChildProcess) => ChildProcess;
  log: (line: string) => void;
  commit: string;
  machine: string;
  note?: string;
}): Promise<DeployedRun> {
  const { root, log, track } = options;
  const rounds = options.quick ? 3 : 7;
  const secondsPerRound = options.quick ? 1 : 2;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-bench-deployed-'));
  const logFile = path.join(dataDir, 'server.log');
  const loadBefore = os.loadavg()[0] ?? 0;
  const port = await freePort();
  const output = await fs.open(logFile, 'w');
  const server = track(
    spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      stdio: ['ignore', output.fd, output.fd],
      env: deployedEnv(port, dataDir),
    }),
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUntilHealthy(base, server);
    log(`\n== as deployed (npm start's settings, embedded database with the demo), ${rounds} rounds of ${secondsPerRound} s`);
    const rows: DeployedRow[] = [];
    for (const urlPath of deployedPaths) {
      const answer = await fetch(base + urlPath);
      if (answer.status !== 200) throw new Error(`${urlPath} answered ${answer.status}`);
      const body = Buffer.from(await answer.arrayBuffer());
      const bare = await startBare(root, body, answer.headers.get('content-type'), track);
      try {
        for (const connections of deployedConnections) {
          rows.push(
            await compare({
              urlPath,
              bytes: body.length,
              connections,
              app: { url: base + urlPath, pid: server.pid },
              bare: { url: bare.url, pid: bare.child.pid },
              rounds,
              secondsPerRound,
            }),
          );
          const row = rows.at(-1)!;
          log(
            `  ${urlPath.padEnd(24)} ${String(connections).padStart(2)} connections: ${median(row.app)} vs bare ${median(row.bare)} req/s, ratio ${row.ratio.toFixed(2)} (rounds ${Math.min(...row.ratios).toFixed(2)}-${Math.max(...row.ratios).toFixed(2)}); CPU ${row.appCpuMicros ?? '?'} vs ${row.bareCpuMicros ?? '?'} µs a request`,
          );
        }
      } finally {
        await stop(bare.child);
      }
    }
    await stop(server);
    await output.close();
    const logLines = await countRequestLines(logFile);
    return {
      date: new Date().toISOString(),
      commit: options.commit,
      machine: options.machine,
      ...(options.note ? { note: options.note } : {}),
      settings:
        "npm start's: NODE_ENV=production, LOG_LEVEL unset (info: a line per request), LIST_CACHE_MS unset (2 s), embedded PGlite seeded with the demo",
      rounds,
      secondsPerRound,
      loadAverage: { before: round2(loadBefore), after: round2(os.loadavg()[0] ?? 0) },
      logLines,
      rows,
    };
  } finally {
    await stop(server);
    await output.close().catch(() => {});
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * What scripts/start.mjs gives the server, on an empty data folder (a first start).
 * Nothing from a developer's .env or shell that npm start would not set: their
 * database, Redis, bucket, log level or cache period.
 */
function deployedEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    // The sandbox's test payments: npm start says so on this machine's own address.
    PAYMENTS_PROVIDER: 'sandbox',
    ENV_FILE: 'none',
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'LOG_LEVEL', 'LIST_CACHE_MS', 'AUTH_SECRET']) {
    delete env[name];
  }
  for (const name of Object.keys(env)) if (name.startsWith('S3_')) delete env[name];
  return env;
}

async function compare(options: {
  urlPath: string;
  bytes: number;
  connections: number;
  app: { url: string; pid: number | undefined };
  bare: { url: string; pid: number | undefined };
  rounds: number;
  secondsPerRound: number;
}): Promise<DeployedRow> {
  const { connections, rounds, secondsPerRound } = options;
  const measured = { app: [] as number[], bare: [] as number[] };
  const cpu = { app: [] as number[], bare: [] as number[] };
  let errors = 0;
  // Warm-up: the JIT, the connection pools and the list cache.
  for (const side of ['bare', 'app'] as const) await cannon(options[side].url, connections, 1);
  for (let round = 0; round < rounds; round += 1) {
    // Alternately bare first and app first, so that a drift in the machine's other
    // work weighs on both alike.
    const order = round % 2 === 0 ? (['bare', 'app'] as const) : (['app', 'bare'] as const);
    for (const side of order) {
      const before = cpuMillis(options[side].pid);
      const run = await cannon(options[side].url, connections, secondsPerRound);
      const after = cpuMillis(options[side].pid);
      measured[side].push(Math.round(run.requests / secondsPerRound));
      if (before !== null && after !== null && run.requests > 0) {
        cpu[side].push(((after - before) * 1000) / run.requests);
      }
      errors += run.errors;
    }
  }
  const ratios = measured.app.map((app, i) => app / (measured.bare[i] ?? app));
  return {
    path: options.urlPath,
    connections,
    bytes: options.bytes,
    app: measured.app,
    bare: measured.bare,
    ratios: ratios.map(round2),
    ratio: round2(median(ratios)),
    appCpuMicros: cpu.app.length ? round1(median(cpu.app)) : null,
    bareCpuMicros: cpu.bare.length ? round1(median(cpu.bare)) : null,
    errors,
  };
}

async function cannon(url: string, connections: number, seconds: number) {
  let requests = 0;
  let errors = 0;
  const instance = autocannon({ url, connections, duration: seconds });
  instance.on('response', (_client, statusCode) => {
    if (statusCode >= 200 && statusCode < 300) requests += 1;
    else errors += 1;
  });
  const result = await instance;
  return { requests, errors: errors + result.errors + result.timeouts };
}

/** The process's CPU time so far (user + system), in ms; null where /proc is not. */
function cpuMillis(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // utime and stime, in clock ticks (USER_HZ, 100 on Linux).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function startBare(
  root: string,
  body: Buffer,
  contentType: string | null,
  track: (child: ChildProcess) => ChildProcess,
) {
  const bodyFile = path.join(os.tmpdir(), `laptops-bench-bare-${process.pid}-${Date.now()}`);
  await fs.writeFile(bodyFile, body);
  const port = await freePort();
  const child = track(
    spawn(process.execPath, [path.join(root, 'bench/bare-server.mjs')], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        BARE_BODY_FILE: bodyFile,
        BARE_CONTENT_TYPE: contentType ?? 'application/json',
      },
    }),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout?.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    });
  } finally {
    await fs.rm(bodyFile, { force: true });
  }
  return { child, url: `http://127.0.0.1:${port}/` };
}

async function waitUntilHealthy(base: string, server: ChildProcess) {
  // A first start seeds the demo and warms the page renderer: minutes on a busy host.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start within 5 minutes');
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The section of results.md: the latest runs first. */
export function renderDeployed(runs: DeployedRun[]): string[] {
  if (runs.length === 0) return [];
  const lines = [
    '## As deployed: Home and the categories against bare node:http',
    '',
    'Written by `npm run bench -- --deployed` (and at the end of a full run). The server as',
    '`npm start` runs it (production mode, embedded PGlite seeded with the demo, request',
    "logging on at `info` into a file, list cache at its 2 s default) beside `bench/bare-server.mjs`,",
    "node:http sending the same body and content type and nothing else (no framework, no",
    "headers of ours, no logging). The two take turns: each round measures one then the",
    'other (alternately first) with autocannon; a round\'s ratio is app / bare in that round;',
    'the ratio given is the median of the rounds, beside the lowest and highest round. CPU:',
    "each server's own CPU time (user + system) per request, the median of the rounds.",
    `Target: ratio ≥ ${RATIO_TARGET} for each path at both concurrencies.`,
    '',
  ];
  for (const run of runs) {
    lines.push(
      `### ${run.date} at commit ${run.commit}`,
      '',
      `Machine: ${run.machine}. ${run.rounds} rounds of ${run.secondsPerRound} s each.`,
      `1-minute load average ${run.loadAverage.before} before, ${run.loadAverage.after} after.`,
      ...(run.note ? [run.note] : []),
      `The server logged ${run.logLines.toLocaleString('en-US')} request lines. Settings: ${run.settings}.`,
      '',
      '| path | connections | bytes | app req/s | bare req/s | ratio | rounds | CPU µs/request app / bare | errors | ≥ 0.5 |',
      '| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- |',
      ...run.rows.map(
        (row) =>
          `| ${row.path} | ${row.connections} | ${row.bytes.toLocaleString('en-US')} | ${median(row.app).toLocaleString('en-US')} | ${median(row.bare).toLocaleString('en-US')} | ${row.ratio.toFixed(2)} | ${Math.min(...row.ratios).toFixed(2)}–${Math.max(...row.ratios).toFixed(2)} | ${row.appCpuMicros ?? '–'} / ${row.bareCpuMicros ?? '–'} | ${row.errors} | ${row.ratio >= RATIO_TARGET ? 'yes' : '**no**'} |`,
      ),
      '',
    );
  }
  return lines;
}

/**
 * The request lines a server logged, read line by line: a run logs millions (over
 * 500 MB, more than one string can hold).
 */
async function countRequestLines(logFile: string): Promise<number> {
  const file = await fs.open(logFile);
  let count = 0;
  try {
    for await (const line of file.readLines()) {
      if (line.includes('"request completed"')) count++;
    }
  } finally {
    await file.close();
  }
  return count;
}
