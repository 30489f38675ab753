import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** zlib's gzip at its default level, as a promise (the pages and the cached lists). */
export const gzip = promisify(zlib.gzip);

/**
 * Whether an Accept-Encoding header allows gzip: named, or `*`, and not with q=0
 * ("gzip;q=0" refuses it).
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === 'gzip') return allowed;
    if (name.trim() === '*') wildcard = allowed;
  }
  return wildcard;
}
