import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  hardwareReportSpecsSchema,
  reportSpecFields,
  type HardwareReportSpecs,
  type ReportSpecField,
} from '@laptops/shared/hardware-reports';

/**
 * The token POST /api/hardware-reports answers with: the specs it read, for whom and
 * until when, and an HMAC of all that under the app's secret (as unsubscribe links
 * are signed). The listing form sends it back with the listing; the server marks a
 * spec as from the device report only when the token is its own, the seller's, still
 * valid, and the value saved is the value it read. The form's word is never taken.
 */

/** Long enough to fill in a listing at leisure, short enough not to linger. */
const TOKEN_LIFETIME_MS = 24 * 60 * 60_000;

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`hardware-report:${payload}`).digest('base64url');
}

export function reportToken(
  secret: string,
  sellerId: string,
  specs: HardwareReportSpecs,
  now = Date.now(),
  /**
   * The keyed hash of the serial number the report read (serial-hash.ts), never the
   * serial: a listing saved with the same serial is marked as read from the device.
   */
  serialHash?: string,
): string {
  const payload = Buffer.from(
    JSON.stringify({ u: sellerId, x: now + TOKEN_LIFETIME_MS, s: specs, h: serialHash }),
    'utf8',
  ).toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

/** The specs a token carries, or null when it is not ours, not this seller's, or expired. */
export function specsOfReportToken(
  secret: string,
  sellerId: string,
  token: string,
  now = Date.now(),
): HardwareReportSpecs | null {
  return readReportToken(secret, sellerId, token, now)?.specs ?? null;
}

/** What a token vouches for, or null when it is not ours, not this seller's, or expired. */
function readReportToken(
  secret: string,
  sellerId: string,
  token: string,
  now = Date.now(),
): { specs: HardwareReportSpecs; serialHash: string | undefined } | null {
  const [payload, given, ...rest] = token.split('.');
  if (!payload || !given || rest.length > 0) return null;
  const expected = Buffer.from(signature(secret, payload));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      u?: unknown;
      x?: unknown;
      s?: unknown;
      h?: unknown;
    };
    if (body.u !== sellerId || typeof body.x !== 'number' || body.x < now) return null;
    const specs = hardwareReportSpecsSchema.safeParse(body.s);
    if (!specs.success) return null;
    return { specs: specs.data, serialHash: typeof body.h === 'string' ? body.h : undefined };
  } catch {
    return null;
  }
}

/**
 * Which of the values being saved a valid token vouches for: field → 'device-report'
 * for each spec whose saved value equals one a report read, and null for each spec
 * being saved that none did (its mark, if it had one, goes).
 */
export function specSourcesOf(
  secret: string,
  sellerId: string,
  tokens: readonly string[] | undefined,
  saved: Partial<Record<ReportSpecField, unknown>>,
): Partial<Record<ReportSpecField, 'device-report' | null>> {
  const reports = (tokens ?? [])
    .map((token) => specsOfReportToken(secret, sellerId, token))
    .filter((specs) => specs !== null);
  const sources: Partial<Record<ReportSpecField, 'device-report' | null>> = {};
  for (const field of reportSpecFields) {
    if (!(field in saved)) continue;
    const value = saved[field];
    const vouched =
      value !== null &&
      value !== undefined &&
      reports.some((specs) => specs[field] !== undefined && String(specs[field]) === String(value));
    sources[field] = vouched ? 'device-report' : null;
  }
  return sources;
}

/** Whether one of the seller's valid tokens read the serial whose hash this is. */
export function reportReadSerial(
  secret: string,
  sellerId: string,
  tokens: readonly string[] | undefined,
  serialHash: string,
): boolean {
  return (tokens ?? []).some(
    (token) => readReportToken(secret, sellerId, token)?.serialHash === serialHash,
  );
}
