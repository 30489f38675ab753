/**
 * The benchmark's settings, from the command line (`--quick`, `--sizes=`, `--engines=`)
 * and fixed: what is measured, how long, with how many connections. Shared by every
 * bench-*.ts file.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Engine = 'postgres' | 'pglite';
export type Endpoint =
  | 'category'
  | 'deep page'
  | 'search + 3 filters'
  | 'category by price'
  | 'search, a typo'
  | 'search, words apart'
  | 'search, a rare word'
  | 'search + 2 specs'
  | 'laptop page (API)'
  | 'seller profile (API)'
  | 'category by seller rating'
  | 'category, cached'
  | 'category, cached, gzip'
  | 'deep page, cached'
  | 'latest'
  | 'advertised'
  | 'search page, guest, gzip'
  | 'Home page, gzip'
  | 'laptop page (HTML), gzip'
  | 'bare'
  | 'bare, again';
/** One path's timings under load, as measure() takes them. */
export type Timing = {
  path: string;
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
  /** p95 with one connection: a request's own latency, without queueing behind others. */
  p95Alone: number;
  requests: number;
  errors: number;
  /** The machine's 1-minute load average after the run: other work competes for the cores. */
  loadAverage: number;
};
export type Measurement = { engine: Engine; size: number; endpoint: Endpoint } & Timing;
export type Plan = { engine: Engine; size: number; endpoint: string; sql: string; plan: string };

/** The repository's root. */
export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** The command line; bench.ts reads --render, --deployed and --note= from it too. */
export const args = process.argv.slice(2);
export const quick = args.includes('--quick');
const listArg = (name: string) =>
  args
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.split('=')[1]
    ?.split(',')
    .filter(Boolean);
export const sizes = (listArg('sizes') ?? (quick ? ['10000'] : ['10000', '100000', '1000000'])).map(
  Number,
);
export const engines = (listArg('engines') ?? (quick ? ['postgres'] : ['postgres', 'pglite'])) as Engine[];
/** PGlite is one process with a WebAssembly heap: the issue asks for 10k and 100k there. */
export const PGLITE_MAX_SIZE = 100_000;
export const CONNECTIONS = 10;
export const SECONDS = quick ? 3 : 10;
export const WARMUP_SECONDS = quick ? 1 : 3;
/** The deep page: this many pages of the category page in, following nextCursor. */
export const DEEP_PAGES = 50;
export const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** What the search endpoint gets: free text plus three filters. */
export const searchParams = { q: 'thinkpad', condition: 'Good', maxPrice: '1200', maxYears: '3' };
/** A typo ("thinkpda"), corrected to the catalogue's word, and two words no listing has together. */
export const typoParams = { q: 'thinkpda', maxPrice: '1200' };
export const wordsApartParams = { q: 'thinkpad macbook', maxPrice: '1200' };
/** A seller's typo that one listing has: found as typed, and "keyboard" offered. */
export const rareWordParams = { q: 'keybaord', maxPrice: '1200' };
/**
 * Free text and two spec filters. The price cap is above every listing's price (at most
 * $2,550): it leaves every match in, and moving it by a cent makes each request a new
 * question, as for the searches above.
 */
export const specSearchParams = { q: 'thinkpad', ramMin: '16', batteryMin: '80', maxPrice: '5000' };
/** Laptop pages are asked for in turn from this many listings (all of a smaller catalogue). */
export const LAPTOP_PAGE_IDS = 50_000;

/** As browsers ask. */
export const gzip = { 'accept-encoding': 'gzip, deflate, br' };
/** The pages are measured only with a web build to serve (`npm run build`). */
export const hasWebBuild = await fs
  .access(path.join(root, 'apps/web/dist/page.html'))
  .then(() => true)
  .catch(() => false);

/** npm start's default. Results written before it say LOG_LEVEL=warn (no request lines). */
export const SERVER_LOG_LEVEL = 'info';
export const log = (line: string) => process.stdout.write(`${line}\n`);
