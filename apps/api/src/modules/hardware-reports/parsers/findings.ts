import type { HardwareReportKind } from '@laptops/shared/hardware-reports';
import type { StorageType } from '@laptops/shared/laptop-specs';

/**
 * What one report says, in its own terms, before the dispatcher maps it to a
 * listing's fields. Every parser is a pure function from text to findings: it reads,
 * never runs or renders anything.
 */
export type ReportFindings = {
  kind: HardwareReportKind;
  model?: string;
  /** The processor's name as the report gives it ("Intel(R) Core(TM) i5-8350U CPU @ 1.70GHz"). */
  processor?: string;
  ramGb?: number;
  storageGb?: number;
  storageType?: StorageType;
  screenInches?: number;
  /** "2560 × 1600" */
  screenResolution?: string;
  battery?: BatteryFindings | 'none';
  serialNumber?: string;
  warnings: string[];
};

export type BatteryFindings = {
  /** In the report's unit (mWh, Wh, µWh, mAh): only the ratio of the two is used. */
  designCapacity?: number;
  fullChargeCapacity?: number;
  /** Health the report states itself, in % (macOS "Maximum Capacity"). */
  statedHealth?: number;
  cycles?: number;
  /** The report's own word on the battery ("Normal", "Service Recommended"). */
  condition?: string;
};

/** The one error a parser throws: a report we cannot use, and why, in the seller's words. */
export class HardwareReportRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HardwareReportRefusal';
  }
}

/** What the parser of one format exports. */
export type ReportParser = {
  kind: HardwareReportKind;
  /** Findings, or null when the text holds no report of this kind. */
  parse(text: string): ReportFindings | null;
};

/** Sizes memory is sold in, in GB. */
const ramSizes = [1, 2, 3, 4, 6, 8, 12, 16, 18, 20, 24, 32, 36, 40, 48, 64, 96, 128, 192, 256];

/**
 * The memory a laptop was sold with, from what the system reports: the smallest usual
 * size at least as large (a graphics chip sharing memory takes some: 15.8 GB is 16).
 */
export function ramFromGb(gb: number): number | undefined {
  if (!Number.isFinite(gb) || gb <= 0) return undefined;
  return ramSizes.find((size) => size >= gb - 0.05);
}

/**
 * A drive's size as sold, from its size in bytes (or what a volume on it holds): the
 * smallest usual size at least 90% as large. 476.9 GiB and 494 GB are both 512 GB.
 */
export function storageFromBytes(bytes: number): number | undefined {
  if (!Number.isFinite(bytes) || bytes <= 0) return undefined;
  const gb = bytes / 1e9;
  for (let size = 8; size <= 16_384; size *= 2) if (size >= gb * 0.9) return size;
  return undefined;
}

/** "16,218" "16.218" "16 218" (any space) → 16218: a whole number with group separators. */
export function wholeNumberWithGroups(text: string): number | undefined {
  const digits = text.replace(/[\s.,'\u00a0\u202f]/g, '');
  if (!/^\d{1,12}$/.test(digits)) return undefined;
  return Number(digits);
}

/** Keeps a value the report gives as a bounded, printable line. */
export function cleanLine(text: string | undefined, max = 120): string | undefined {
  if (typeof text !== 'string') return undefined;
  const line = text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!line) return undefined;
  return line.slice(0, max).trim();
}

/** Values firmware writes where the maker left a field empty. */
export function isPlaceholder(value: string): boolean {
  return /^(to be filled by o\.?e\.?m\.?|default string|system (serial number|product name|version)|not (applicable|specified|available)|none|n\/a|unknown|0+|1234567890|0123456789|x+|-+)$/i.test(
    value.trim(),
  );
}
